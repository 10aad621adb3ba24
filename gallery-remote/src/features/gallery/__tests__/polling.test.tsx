import { act, screen } from '@testing-library/react';
import { galleryApi, photo, renderGallery } from './gallery-test-kit';

// Real macrotask turns let the fake API answer while the page's own clock stays frozen.
const realSetTimeout = globalThis.setTimeout;
const flush = async () => {
  await act(async () => {
    for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => realSetTimeout(resolve, 0));
  });
};
const advance = async (ms: number) => {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await flush();
};

// Only the clocks are fake: the fake API's promise plumbing keeps its real microtasks.
beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('processing updates polling', () => {
  it('polls at 2 s, 2 s, 2 s then 3 s, at most 10 times, while a photo is processing', async () => {
    const api = galleryApi([photo('busy', { processing: true, compressed_photo: null }), photo('done')]);
    renderGallery();
    await flush();
    expect(screen.getByText('Processando…')).toBeInTheDocument();

    const callTimes: number[] = [];
    let elapsed = 0;
    for (let step = 0; step < 40; step += 1) {
      await advance(1000);
      elapsed += 1000;
      while (callTimes.length < api.updates().length) callTimes.push(elapsed);
    }
    expect(api.updates()[0].query.get('ids')).toBe('busy');
    expect(callTimes).toEqual([2000, 4000, 6000, 9000, 12000, 15000, 18000, 21000, 24000, 27000]);
  });

  it('replaces the processing state with the thumbnail or the error, then stops', async () => {
    const api = galleryApi([
      photo('p1', { processing: true, compressed_photo: null, user_id: 'Ana' }),
      photo('p2', { processing: true, compressed_photo: null, user_id: 'Bia' }),
    ]);
    const stored = api.api.data.photos.a1;
    renderGallery();
    await flush();
    expect(screen.getAllByText('Processando…')).toHaveLength(2);

    // The server finishes p1's thumbnail.
    stored[0] = { ...stored[0], processing: false, compressed_photo: '/api/files?path=t/p1.webp' };
    await advance(2000);
    expect(screen.getByRole('img', { name: 'Foto enviada por Ana' })).toHaveAttribute('src', '/api/files?path=t/p1.webp');
    expect(api.updates().at(-1)?.query.get('ids')).toBe('p1,p2');

    // Then fails p2's.
    stored[1] = { ...stored[1], processing: false, error: 'Falhou' };
    await advance(2000);
    expect(api.updates().at(-1)?.query.get('ids')).toBe('p2');
    expect(screen.getByText('Erro ao processar')).toBeInTheDocument();
    expect(screen.queryByText('Processando…')).not.toBeInTheDocument();

    await advance(30_000);
    expect(api.updates()).toHaveLength(2);
  });

  it('does not poll when nothing is processing', async () => {
    const api = galleryApi([photo('done')]);
    renderGallery();
    await flush();
    await advance(30_000);
    expect(api.updates()).toHaveLength(0);
  });

  it('starts again from attempt 1 when the list is loaded again', async () => {
    const api = galleryApi([photo('busy', { processing: true, compressed_photo: null })]);
    renderGallery();
    await flush();
    for (let step = 0; step < 40; step += 1) await advance(1000);
    expect(api.updates()).toHaveLength(10);

    act(() => api.emit({ type: 'new_photos', payload: { albumId: 'a1', photos: [] } }));
    await flush();
    expect(api.list()).toHaveLength(2);
    await advance(1999);
    expect(api.updates()).toHaveLength(10);
    await advance(1);
    expect(api.updates()).toHaveLength(11);
  });
});
