import { act, screen } from '@testing-library/react';
import { mockApi, ok, photo, renderGallery } from './gallery-test-kit';

jest.mock('@momentos/api-client', () => jest.requireActual('./gallery-test-kit').apiClientMock());

const flush = async () => {
  await act(async () => {
    await Promise.resolve();
  });
};
const advance = async (ms: number) => {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await flush();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('processing updates polling', () => {
  it('polls at 2 s, 2 s, 2 s then 3 s, at most 10 times, while a photo is processing', async () => {
    const api = mockApi([photo('busy', { processing: true, compressed_photo: null }), photo('done')]);
    api.updates.mockResolvedValue(ok([{ id: 'busy', compressed_photo: null, error: false, processing: true }]));
    renderGallery();
    await flush();
    expect(screen.getByText('Processando…')).toBeInTheDocument();

    const callTimes: number[] = [];
    let elapsed = 0;
    for (let step = 0; step < 40; step += 1) {
      await advance(1000);
      elapsed += 1000;
      while (callTimes.length < api.updates.mock.calls.length) callTimes.push(elapsed);
    }
    expect(api.updates).toHaveBeenCalledWith('a1', ['busy']);
    expect(callTimes).toEqual([2000, 4000, 6000, 9000, 12000, 15000, 18000, 21000, 24000, 27000]);
  });

  it('replaces the processing state with the thumbnail or the error, then stops', async () => {
    const api = mockApi([
      photo('p1', { processing: true, compressed_photo: null, user_id: 'Ana' }),
      photo('p2', { processing: true, compressed_photo: null, user_id: 'Bia' }),
    ]);
    api.updates
      .mockResolvedValueOnce(ok([{ id: 'p1', compressed_photo: '/api/files?path=t/p1.webp', error: false, processing: false }]))
      .mockResolvedValueOnce(ok([{ id: 'p2', compressed_photo: null, error: 'Falhou', processing: false }]));
    renderGallery();
    await flush();
    expect(screen.getAllByText('Processando…')).toHaveLength(2);

    await advance(2000);
    expect(screen.getByRole('img', { name: 'Foto enviada por Ana' })).toHaveAttribute('src', '/api/files?path=t/p1.webp');
    expect(api.updates).toHaveBeenLastCalledWith('a1', ['p1', 'p2']);

    await advance(2000);
    expect(api.updates).toHaveBeenLastCalledWith('a1', ['p2']);
    expect(screen.getByText('Erro ao processar')).toBeInTheDocument();
    expect(screen.queryByText('Processando…')).not.toBeInTheDocument();

    await advance(30_000);
    expect(api.updates).toHaveBeenCalledTimes(2);
  });

  it('does not poll when nothing is processing', async () => {
    const api = mockApi([photo('done')]);
    renderGallery();
    await flush();
    await advance(30_000);
    expect(api.updates).not.toHaveBeenCalled();
  });
});
