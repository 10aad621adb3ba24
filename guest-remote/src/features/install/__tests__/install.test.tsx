import { act, fireEvent, render, screen } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { InstallOffer } from '../install-offer';
import { listenForInstallPrompt } from '../install-prompt';
import { rememberLastTarget, takeSharedFiles } from '../shared-files';

// Issue 28: 'Instalar o app' and the files the share target leaves for the upload screen.

beforeEach(() => {
  localStorage.clear();
  globalThis.indexedDB = new IDBFactory();
});

function installable() {
  const prompt = jest.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' as const }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { prompt, event };
}

test("offers the browser's install prompt once there is one; accepted, the offer goes", async () => {
  listenForInstallPrompt();
  const { container } = render(<InstallOffer />);
  expect(container).toBeEmptyDOMElement(); // no prompt, not an iPhone: nothing to offer
  const { prompt, event } = installable();
  expect(event.defaultPrevented).toBe(true); // kept for later, not shown by the browser on its own
  expect(screen.getByRole('heading', { name: 'Instalar o app' })).toBeInTheDocument();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Instalar o app' }));
  });
  expect(prompt).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('heading', { name: 'Instalar o app' })).not.toBeInTheDocument();
  expect(localStorage.getItem('momentos-install-dismissed')).toBe('1');
});

test("on an iPhone: the share menu's steps; 'Agora não' hides the offer for good", () => {
  const agent = jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1');
  render(<InstallOffer />);
  expect(screen.getByText('No iPhone: toque em Compartilhar e depois em “Adicionar à Tela de Início”.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Agora não' }));
  expect(screen.queryByRole('heading', { name: 'Instalar o app' })).not.toBeInTheDocument();
  agent.mockRestore();
});

test('shared files are taken once, in the order they were shared; the last target is kept for the worker', async () => {
  expect(await takeSharedFiles()).toEqual([]);
  await rememberLastTarget('evt_1', 'alb_1');
  const { createStore, get, set } = await import('idb-keyval');
  const store = createStore('momentos-shared', 'files');
  expect(await get('last-target', store)).toEqual({ eventId: 'evt_1', albumId: 'alb_1' });
  await set(
    'shared',
    [
      { name: 'a.jpg', type: 'image/jpeg', blob: new Blob(['a'], { type: 'image/jpeg' }) },
      { name: 'b.mp4', type: 'video/mp4', blob: new Blob(['bb'], { type: 'video/mp4' }) },
    ],
    store,
  );
  const files = await takeSharedFiles();
  expect(files.map((file) => [file.name, file.type, file.size])).toEqual([
    ['a.jpg', 'image/jpeg', 1],
    ['b.mp4', 'video/mp4', 2],
  ]);
  expect(await takeSharedFiles()).toEqual([]);
});

test('the events sent to lately, for the worker to ask which: the most recent first, one entry per event, at most five', async () => {
  const { createStore, get } = await import('idb-keyval');
  const store = createStore('momentos-shared', 'files');
  await rememberLastTarget('evt_a', 'alb_a1', 'Casamento Ana & Leo');
  await rememberLastTarget('evt_b', 'alb_b1', null);
  // The same event again moves to the front, with the album used now and the name it had.
  await rememberLastTarget('evt_a', 'alb_a2', null);
  const recent = await get<Array<{ eventId: string; albumId: string; eventName: string | null; usedAt: number }>>('recent-targets', store);
  expect(recent?.map(({ eventId, albumId, eventName }) => [eventId, albumId, eventName])).toEqual([
    ['evt_a', 'alb_a2', 'Casamento Ana & Leo'],
    ['evt_b', 'alb_b1', null],
  ]);
  expect(recent?.[0].usedAt).toBeGreaterThanOrEqual(recent?.[1].usedAt ?? Infinity);
  for (const id of ['c', 'd', 'e', 'f', 'g']) await rememberLastTarget(`evt_${id}`, `alb_${id}`, `Festa ${id}`);
  expect((await get<Array<{ eventId: string }>>('recent-targets', store))?.map((target) => target.eventId)).toEqual(['evt_g', 'evt_f', 'evt_e', 'evt_d', 'evt_c']);
  expect(await get('last-target', store)).toEqual({ eventId: 'evt_g', albumId: 'alb_g' });
});
