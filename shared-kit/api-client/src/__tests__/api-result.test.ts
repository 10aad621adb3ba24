import { request } from '../http/api-result';
import { ApiError, dataOf } from '../fetching/api-error';
import { apiError, apiServer, http, HttpResponse } from '../testing';

describe('request wrapper (spec §8)', () => {
  it('sends the spec §7 default headers', async () => {
    let sent: Headers | undefined;
    apiServer.use(
      http.post('/api/albums/e1', ({ request: received }) => {
        sent = received.headers;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    await request({ method: 'POST', url: '/api/albums/e1', data: { name: 'A' } });
    expect(sent?.get('content-type')).toBe('application/json');
    expect(sent?.get('accept')).toBe('application/json, text/plain, */*');
    expect(sent?.get('x-client-origin')).toBe('momentos-web');
  });

  it('returns ok, status, data and the lower-cased headers of a success', async () => {
    apiServer.use(http.post('/api/events', () => HttpResponse.json({ id: 'e1' }, { status: 201, headers: { 'X-Request-Id': 'r1' } })));
    await expect(request({ method: 'POST', url: '/api/events' })).resolves.toEqual({
      ok: true,
      status: 201,
      data: { id: 'e1' },
      headers: expect.objectContaining({ 'x-request-id': 'r1', 'content-type': 'application/json' }),
    });
  });

  it('takes status and message from the body of an error response, and carries no data', async () => {
    apiServer.use(http.post('/api/events', () => apiError(413, 'Arquivo muito grande')));
    await expect(request({ method: 'POST', url: '/api/events' })).resolves.toEqual({
      ok: false,
      status: 413,
      message: 'Arquivo muito grande',
    });
  });

  it('falls back to the HTTP status when the error body is not the API one', async () => {
    apiServer.use(http.get('/api/events', () => new HttpResponse('Bad Gateway', { status: 502 })));
    await expect(request({ method: 'GET', url: '/api/events' })).resolves.toMatchObject({ ok: false, status: 502 });
  });

  it('answers 500 with the §8 message when there is no response', async () => {
    apiServer.use(http.get('/api/events', () => HttpResponse.error()));
    await expect(request({ method: 'GET', url: '/api/events' })).resolves.toEqual({
      ok: false,
      status: 500,
      message: 'Um erro inesperado ocorreu. Por favor, se persistir contate o suporte',
    });
  });
});

describe('fetcher adapter', () => {
  it('gives the data of a success', async () => {
    apiServer.use(http.get('/api/health', () => HttpResponse.json({ status: 'ok' })));
    await expect(dataOf(request({ method: 'GET', url: '/api/health' }))).resolves.toEqual({ status: 'ok' });
  });

  it('throws an ApiError with the status and message of a failure', async () => {
    apiServer.use(http.get('/api/health', () => apiError(503, 'Em manutenção')));
    const failure = await dataOf(request({ method: 'GET', url: '/api/health' })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 503, message: 'Em manutenção' });
  });
});
