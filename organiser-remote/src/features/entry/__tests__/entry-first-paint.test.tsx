import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '@momentos/api-client';
import { fakeApi } from '@momentos/api-client/testing';
import { fillTemplate, splitPaintTemplate } from '@momentos/app-manifest/dist/paint-template';
import { resetFirstPaintForTests } from '@momentos/design-kit';
import EntryPage from '../entry-page';
import { fakeToken, renderAt } from '../../../test-support/render';

// Issue 29: the server paints the entry's first step from first-paint/entry.html (api-server's
// web/paint-source.ts fills it with GET /api/setup's answer); the page takes over with the same markup.
const template = splitPaintTemplate(fs.readFileSync(path.join(__dirname, '..', 'first-paint', 'entry.html'), 'utf8'))!;

/** The template filled as the server fills it, with its markup as the browser parses it. */
function paintedMarkup(needed: boolean): HTMLElement {
  const holder = document.createElement('div');
  holder.id = 'first-paint';
  holder.innerHTML = fillTemplate(template.body, { values: {}, sections: { setup: needed, login: !needed } });
  return holder;
}

/** The page's data as the server writes it beside the painted view. */
function paintedData(needed: boolean): HTMLScriptElement {
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'first-paint-data';
  data.textContent = JSON.stringify({ remote: 'organiser_remote', page: 'entry', data: { needed } });
  return data;
}

const setupReads = (api: ReturnType<typeof fakeApi>) => api.requests.filter((entry) => entry.path === '/api/setup');

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ token: null });
  resetFirstPaintForTests();
});

describe('the painted entry (issue 29)', () => {
  it.each([true, false])('renders the same markup as the painted template, from the painted setup state (needed: %s)', async (needed) => {
    const api = fakeApi(needed ? { setup: { code: 'ABCD-EFGH', token: 'x.y.z' } } : { organiser: { email: 'ana@example.com', password: 'segredo', token: 'x.y.z' } });
    const painted = paintedMarkup(needed);
    const data = paintedData(needed);
    document.body.append(painted, data);
    const expected = painted.querySelector('main')!.outerHTML;
    try {
      renderAt('/', '/', <EntryPage />);
      // The first render, before any answer: the same buttons as the painted view, which the shell
      // then removes (tested in the shell's remote-page tests).
      const rendered = Array.from(document.querySelectorAll('main')).find((main) => !painted.contains(main))!;
      expect(rendered.outerHTML).toBe(expected);
      // Painted as needed, the state is read again (an account may have been made since the page was
      // painted); painted as not needed, it is not (nor is the data layer loaded for it).
      if (needed) await waitFor(() => expect(setupReads(api)).toHaveLength(1));
      else {
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(setupReads(api)).toHaveLength(0);
      }
    } finally {
      painted.remove();
      data.remove();
    }
  });

  it('once the painted view is gone (back on the entry after Sair), reads the state afresh instead', async () => {
    fakeApi({ organiser: { email: 'ana@example.com', password: 'segredo', token: 'x.y.z' } });
    const data = paintedData(true);
    document.body.append(data);
    try {
      renderAt('/', '/', <EntryPage />);
      expect(screen.queryByRole('button', { name: 'Criar a primeira conta' })).toBeNull();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument());
      expect(screen.queryByRole('button', { name: 'Criar a primeira conta' })).toBeNull();
    } finally {
      data.remove();
    }
  });

  // The template's one inline script: an organiser who is signed in goes on to the event list, so the
  // painted step 1 must not flash on screen; with a credential still usable (token.ts' rule: an `exp`
  // later than now), the page goes there at once, before the app's scripts run.
  const signInCheck = template.body.match(/<script>([\s\S]*?)<\/script>/)![1];
  const runSignInCheck = () => {
    const replaced: string[] = [];
    new Function('location', signInCheck)({ replace: (to: string) => replaced.push(to) });
    return replaced;
  };

  it('goes to /events before anything else is parsed when a usable sign-in is stored', () => {
    document.body.append(paintedMarkup(false));
    localStorage.setItem('auth', fakeToken());
    expect(runSignInCheck()).toEqual(['/events']);
    expect(document.getElementById('first-paint')).toBeNull();
  });

  it.each([
    ['an expired', fakeToken(-10)],
    ['an unreadable', 'a.b.c'],
  ])('removes the painted view and stays with %s sign-in: the app checks it and shows the entry', (_, stored) => {
    document.body.append(paintedMarkup(false));
    localStorage.setItem('auth', stored);
    expect(runSignInCheck()).toEqual([]);
    expect(document.getElementById('first-paint')).toBeNull();
  });

  it('keeps it for a visitor who is not signed in', () => {
    const painted = paintedMarkup(false);
    document.body.append(painted);
    try {
      expect(runSignInCheck()).toEqual([]);
      expect(document.getElementById('first-paint')).toBe(painted);
    } finally {
      painted.remove();
    }
  });
});
