import { earlyRequestIds } from '@momentos/app-manifest/dist/early-requests';
import { earlyAlbumPhotos, listAlbumPhotos } from '../calls/photos';
import { EARLY_ANSWER_MAX_AGE_MS, earlyList, takeEarlyAnswer } from '../http/early-answers';
import { listEvents } from '../calls/events';
import type { PhotoItem } from '@momentos/api-contract';
import { fakeApi } from '../testing';

// Issue 29: an organiser's page asks for its first reads as it is parsed (api-server's
// web/early-requests.ts); the API client takes each answer for the first call of the same URL.

const keep = (answers: Record<string, Promise<Response | null>>) => {
  (window as unknown as Record<string, unknown>)[earlyRequestIds.global] = answers;
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
const photo = (id: string): PhotoItem => ({ id, original_photo: `/api/files?path=a/${id}.jpg`, compressed_photo: null, user_id: 'Ana', processing: false, error: false, file_type: 'image', created_at: '2030-01-01T10:00:00.000Z' });

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[earlyRequestIds.global];
  delete (window as unknown as Record<string, unknown>)[earlyRequestIds.listGlobal];
});

describe('an answer the page asked for early', () => {
  it('answers the first call of its URL without a request, and only that one', async () => {
    const api = fakeApi({ photos: { evt1: [photo('from-server')] } });
    keep({ '/api/events/photos/evt1': Promise.resolve(json([photo('early')])) });

    expect(await listAlbumPhotos('evt1')).toMatchObject({ ok: true, status: 200, data: [{ id: 'early' }], headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(api.requests).toHaveLength(0);

    expect(await listAlbumPhotos('evt1')).toMatchObject({ ok: true, data: [{ id: 'from-server' }] });
    expect(api.requests).toHaveLength(1);
  });

  it('is not used for another URL, nor for the same path with a query', async () => {
    const api = fakeApi({ photos: { evt1: [photo('from-server')] } });
    keep({ '/api/events/photos/evt1': Promise.resolve(json([photo('early')])) });
    expect(await listAlbumPhotos('evt1', 'Ana')).toMatchObject({ ok: true, data: [{ id: 'from-server' }] });
    expect(api.requests[0].query.get('user_id')).toBe('Ana');
  });

  it('leaves a refused or failed early request to the call itself', async () => {
    const api = fakeApi({ events: [] });
    keep({ '/api/events': Promise.resolve(json({ status: 401, message: 'Sessão expirada' }, 401)) });
    expect(await listEvents()).toMatchObject({ ok: true, data: [] });
    expect(api.requests).toHaveLength(1);

    keep({ '/api/events': Promise.resolve(null) });
    expect(await listEvents()).toMatchObject({ ok: true, data: [] });
    expect(api.requests).toHaveLength(2);
  });

  it("is the page's first screen's: a read made later in the visit asks the server", async () => {
    keep({ '/api/events': Promise.resolve(json([])) });
    expect(takeEarlyAnswer({ method: 'GET', url: '/api/events' }, EARLY_ANSWER_MAX_AGE_MS + 1)).toBeNull();
    expect(await takeEarlyAnswer({ method: 'GET', url: '/api/events' }, 1_000)).toMatchObject({ ok: true, data: [] });
  });
});

describe('the photo list the page read early, parsed (the photo screen\'s first render)', () => {
  const list = [photo('p1'), photo('p2')];
  beforeEach(() => {
    (window as unknown as Record<string, unknown>)[earlyRequestIds.listGlobal] = { url: '/api/events/photos/evt%201', photos: list };
  });

  it("is the list of that event's URL, as the list's call encodes it, and leaves the early answer to that call", async () => {
    keep({ '/api/events/photos/evt%201': Promise.resolve(json(list)) });
    expect(earlyAlbumPhotos('evt 1')).toBe(list);
    expect(earlyAlbumPhotos('evt 1')).toBe(list);
    const api = fakeApi({});
    const answer = await listAlbumPhotos('evt 1');
    expect(answer).toMatchObject({ ok: true, data: list });
    expect(api.calls('GET', '/api/events/photos/evt%201')).toHaveLength(0);
  });

  it("is not another album's, nor taken later in the visit, nor anything but a list", () => {
    expect(earlyAlbumPhotos('evt_2')).toBeUndefined();
    expect(earlyList('/api/events/photos/evt%201', EARLY_ANSWER_MAX_AGE_MS + 1)).toBeUndefined();
    (window as unknown as Record<string, unknown>)[earlyRequestIds.listGlobal] = { url: '/api/events/photos/evt%201', photos: { status: 200 } };
    expect(earlyAlbumPhotos('evt 1')).toBeUndefined();
  });
});
