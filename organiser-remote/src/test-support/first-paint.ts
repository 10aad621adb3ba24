import fs from 'node:fs';
import { fillTemplate, splitPaintTemplate, type PaintTemplate } from '@momentos/app-manifest/dist/paint-template';

// Issue 29: the organiser pages the server paints (the event list's frame, the new-event form) and
// what their tests share: the template, its markup as the server fills it, and its sign-in check.

/** A page's template (`first-paint/<name>.html`), as the build emits it. */
export const readPaintTemplate = (file: string): PaintTemplate => splitPaintTemplate(fs.readFileSync(file, 'utf8'))!;

/** The painted view as the server writes it into the shell's page. */
export function paintedMarkup(template: PaintTemplate): HTMLElement {
  const holder = document.createElement('div');
  holder.id = 'first-paint';
  holder.innerHTML = fillTemplate(template.body, { values: {} });
  return holder;
}

/**
 * The page's first render, made while the painted view is in the document, and the painted view's
 * page, to compare. The bottom menu is fixed to the screen's foot, outside the flow: not painted
 * (its spacer is), so it is left out of the render.
 */
export function firstRenderBesidePainted(template: PaintTemplate, renderPage: () => void): { rendered: HTMLElement; painted: HTMLElement } {
  const holder = paintedMarkup(template);
  document.body.append(holder);
  try {
    renderPage();
    const rendered = Array.from(document.querySelectorAll<HTMLElement>('.org-page')).find((page) => !holder.contains(page))!;
    rendered.querySelector('nav')?.remove();
    return { rendered, painted: holder.querySelector('.org-page')!.cloneNode(true) as HTMLElement };
  } finally {
    holder.remove();
  }
}

/**
 * Checks the template's one inline script, run as the page runs it: it removes the painted view when
 * no sign-in is stored (the app will show the entry: the view must not flash on screen), and keeps it
 * for an organiser who is signed in.
 */
export function expectSignInCheck(template: PaintTemplate): void {
  const script = template.body.match(/<script>([\s\S]*?)<\/script>/)![1];
  const run = () => new Function(script)();
  localStorage.removeItem('auth');
  document.body.append(paintedMarkup(template));
  run();
  expect(document.getElementById('first-paint')).toBeNull();

  const painted = paintedMarkup(template);
  document.body.append(painted);
  try {
    localStorage.setItem('auth', 'a.b.c');
    run();
    expect(document.getElementById('first-paint')).toBe(painted);
  } finally {
    painted.remove();
  }
}
