import { request } from '../http/api-result';
import { http } from '../http/http-client';
import type { AxiosAdapter } from 'axios';

// A transport that answers like a server would, so the real axios pipeline (validateStatus,
// errors) runs without a network.
function answer(status: number, data: unknown): AxiosAdapter {
  return async (config) => {
    const response = { status, statusText: String(status), data, headers: { 'content-type': 'application/json' }, config };
    if (status >= 200 && status < 300) return response;
    const { AxiosError } = await import('axios');
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
  };
}

describe('request wrapper (spec §8)', () => {
  const original = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = original;
  });

  it('sends the spec §7 default headers', async () => {
    let sent: Record<string, unknown> = {};
    http.defaults.adapter = async (config) => {
      sent = { ...config.headers };
      return { status: 200, statusText: 'OK', data: { status: 'ok' }, headers: {}, config };
    };
    await request({ method: 'GET', url: '/api/health' });
    expect(sent['Content-Type']).toBe('application/json');
    expect(sent.Accept).toBe('application/json, text/plain, */*');
    expect(sent['X-Client-Origin']).toBe('momentos-web');
  });

  it('returns status and data of a success', async () => {
    http.defaults.adapter = answer(201, { id: 'e1' });
    await expect(request({ method: 'POST', url: '/api/events' })).resolves.toMatchObject({ status: 201, data: { id: 'e1' } });
  });

  it('takes status and message from the body of an error response', async () => {
    http.defaults.adapter = answer(413, { status: 413, message: 'Arquivo muito grande' });
    await expect(request({ method: 'POST', url: '/api/events' })).resolves.toMatchObject({
      status: 413,
      message: 'Arquivo muito grande',
    });
  });

  it('answers 500 with the §8 message and an empty list when there is no response', async () => {
    http.defaults.adapter = async () => {
      throw new Error('Network Error');
    };
    await expect(request({ method: 'GET', url: '/api/events' })).resolves.toEqual({
      status: 500,
      data: [],
      message: 'Um erro inesperado ocorreu. Por favor, se persistir contate o suporte',
    });
  });
});
