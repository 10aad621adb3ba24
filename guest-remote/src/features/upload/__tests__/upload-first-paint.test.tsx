import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { IDBFactory } from 'fake-indexeddb';
import { fakeApi, forgetUploadQueue, FreshDataCache } from '@momentos/api-client/testing';
import { fillTemplate, splitPaintTemplate } from '@momentos/app-manifest/dist/paint-template';
import UploadPage from '../upload-page';

// Issue 29: the server paints the upload screen's name step from first-paint/upload.html (api-server's
// web/paint-source.ts, source 'event-upload'); the page takes over with the same markup, and with
// what the guest typed meanwhile.
const template = splitPaintTemplate(fs.readFileSync(path.join(__dirname, '..', 'first-paint', 'upload.html'), 'utf8'))!;

/** The painted step as the server fills it, in its `#first-paint` element. */
function paintedStep(eventId: string): HTMLElement {
  const holder = document.createElement('div');
  holder.id = 'first-paint';
  holder.innerHTML = fillTemplate(template.body, { values: { event_id: eventId } });
  return holder;
}

async function renderUpload() {
  fakeApi({ events: [{ id: 'evt_1', code: 'ABCD2345', name: 'Casamento', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'a@b.c', image: null }] });
  const router = createMemoryAppRouter([{ path: '/events/upload/:id', element: <UploadPage /> }], { path: '/events/upload/evt_1' });
  render(<FreshDataCache>{router.element}</FreshDataCache>);
  await act(async () => {
    for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

let painted: HTMLElement;
beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  forgetUploadQueue();
  localStorage.clear();
  localStorage.setItem('hasSeenUploadTour', 'true');
  painted = paintedStep('evt_1');
  document.body.append(painted);
});
afterEach(() => painted.remove());

const renderedMain = () => Array.from(document.querySelectorAll('main')).find((main) => !painted.contains(main))!;

describe('the painted name step (issue 29)', () => {
  it('renders the same markup as the painted template', async () => {
    const expected = painted.querySelector('main')!.outerHTML;
    await renderUpload();
    expect(renderedMain().outerHTML).toBe(expected);
  });

  it('takes over what the guest typed, with the focus and the caret', async () => {
    const input = painted.querySelector('input')!;
    input.focus();
    input.value = 'Tia Ro';
    input.setSelectionRange(3, 3);
    await renderUpload();
    const twin = renderedMain().querySelector('input')!;
    expect(twin).toHaveValue('Tia Ro');
    expect(document.activeElement).toBe(twin);
    expect([twin.selectionStart, twin.selectionEnd]).toEqual([3, 3]);
  });

  // The template's one inline script, run as the browser runs it when it parses the step.
  const stepScript = template.body.match(/<script>([\s\S]*?)<\/script>/)![1];
  const runStepScript = (pathname: string) => {
    window.history.replaceState(null, '', pathname);
    new Function(stepScript)();
  };

  it('is removed before it shows for a guest who gave a name for this event already', () => {
    localStorage.setItem('event_evt_1_userName', 'Tia Rosa');
    runStepScript('/events/upload/evt_1');
    expect(document.getElementById('first-paint')).toBeNull();
  });

  it('stays for a new guest (a name given for another event does not count), and its form never submits to the server', () => {
    localStorage.setItem('event_evt_2_userName', 'Tia Rosa');
    runStepScript('/events/upload/evt_1');
    expect(document.getElementById('first-paint')).toBe(painted);
    const form = painted.querySelector('form')!;
    const submission = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submission);
    expect(submission.defaultPrevented).toBe(true);
  });
});

it('without a painted step the prompt starts empty', async () => {
  painted.remove();
  await renderUpload();
  expect(screen.getByLabelText('Quem está enviando as fotos?')).toHaveValue('');
  fireEvent.change(screen.getByLabelText('Quem está enviando as fotos?'), { target: { value: 'Ana' } });
  expect(screen.getByLabelText('Quem está enviando as fotos?')).toHaveValue('Ana');
});
