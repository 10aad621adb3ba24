import { setEventPinHeader, setWallTokenHeader } from '../http/http-client';
import { AlbumRealtimeClient, albumSocketUrl, isNewPhotosFor, isPhotosRemovedFor, socketTicket, type SocketLike } from '../realtime/album-realtime';

class FakeSocket implements SocketLike {
  static created: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(public url: string) {
    FakeSocket.created.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSends(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drops() {
    this.readyState = 3;
    this.onclose?.({ wasClean: false, code: 1006 });
  }
}

const logger = { warn: jest.fn(), error: jest.fn() };
const makeClient = () =>
  new AlbumRealtimeClient({ createSocket: (url) => new FakeSocket(url), urlFor: (id) => `ws://test/ws/albums/${id}`, logger });

beforeEach(() => {
  FakeSocket.created = [];
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('AlbumRealtimeClient', () => {
  it('opens one socket per album whatever the number of subscribers and delivers messages to each', () => {
    const client = makeClient();
    const first = jest.fn();
    const second = jest.fn();
    client.subscribe('a1', first);
    client.subscribe('a1', second);
    client.subscribe('a2', jest.fn());
    expect(FakeSocket.created.map((socket) => socket.url)).toEqual(['ws://test/ws/albums/a1', 'ws://test/ws/albums/a2']);

    FakeSocket.created[0].serverOpens();
    FakeSocket.created[0].serverSends({ type: 'new_photos', payload: { albumId: 'a1', photos: [] } });
    expect(first).toHaveBeenCalledWith({ type: 'new_photos', payload: { albumId: 'a1', photos: [] } });
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('ignores messages that are not JSON with a type', () => {
    const client = makeClient();
    const listener = jest.fn();
    client.subscribe('a1', listener);
    FakeSocket.created[0].onmessage?.({ data: 'not json' });
    FakeSocket.created[0].onmessage?.({ data: '{"payload":1}' });
    expect(listener).not.toHaveBeenCalled();
  });

  it('closes the socket cleanly when the last subscriber leaves, and does not reconnect', () => {
    const client = makeClient();
    const offFirst = client.subscribe('a1', jest.fn());
    const offSecond = client.subscribe('a1', jest.fn());
    FakeSocket.created[0].serverOpens();
    offFirst();
    expect(FakeSocket.created[0].closedWith).toBeUndefined();
    offSecond();
    expect(FakeSocket.created[0].closedWith).toBe(1000);
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.created).toHaveLength(1);
  });

  it('reconnects after an unclean close up to 5 times, 3 s apart', () => {
    const client = makeClient();
    client.subscribe('a1', jest.fn());
    FakeSocket.created[0].drops();
    jest.advanceTimersByTime(2999);
    expect(FakeSocket.created).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.created).toHaveLength(2);

    for (let attempt = 2; attempt <= 5; attempt += 1) {
      FakeSocket.created[FakeSocket.created.length - 1].drops();
      jest.advanceTimersByTime(3000);
      expect(FakeSocket.created).toHaveLength(attempt + 1);
    }
    FakeSocket.created[FakeSocket.created.length - 1].drops();
    jest.advanceTimersByTime(30_000);
    expect(FakeSocket.created).toHaveLength(6);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('giving up'));
  });

  it('starts counting again once a reconnection opens', () => {
    const client = makeClient();
    client.subscribe('a1', jest.fn());
    for (let i = 0; i < 4; i += 1) {
      FakeSocket.created[FakeSocket.created.length - 1].drops();
      jest.advanceTimersByTime(3000);
    }
    FakeSocket.created[FakeSocket.created.length - 1].serverOpens();
    for (let i = 0; i < 5; i += 1) {
      FakeSocket.created[FakeSocket.created.length - 1].drops();
      jest.advanceTimersByTime(3000);
    }
    expect(FakeSocket.created).toHaveLength(10);
  });

  it('does not reconnect after a clean close by the server', () => {
    const client = makeClient();
    client.subscribe('a1', jest.fn());
    FakeSocket.created[0].onclose?.({ wasClean: true, code: 1000 });
    jest.advanceTimersByTime(10_000);
    expect(FakeSocket.created).toHaveLength(1);
  });

  it('issue 22: a close with 4403 (the album is no longer open to this guest) tells the subscribers why and never reconnects; a new subscribe opens again', () => {
    const client = makeClient();
    const refused = jest.fn();
    const other = jest.fn();
    client.subscribe('a1', jest.fn(), { onRefused: refused });
    client.subscribe('a1', jest.fn(), { onRefused: other });
    FakeSocket.created[0].serverOpens();
    FakeSocket.created[0].onclose?.({ wasClean: true, code: 4403, reason: 'Este álbum não está mais disponível.' });
    jest.advanceTimersByTime(30_000);
    expect(FakeSocket.created).toHaveLength(1);
    expect(refused).toHaveBeenCalledWith('Este álbum não está mais disponível.');
    expect(other).toHaveBeenCalledWith('Este álbum não está mais disponível.');
    expect(client.isOpen('a1')).toBe(false);
    client.subscribe('a1', jest.fn());
    expect(FakeSocket.created).toHaveLength(2);
  });

  it('sends JSON on an open socket and only warns on a closed one', () => {
    const client = makeClient();
    expect(client.send('a1', { type: 'new_photos', payload: { albumId: 'a1', photos: [] } })).toBe(false);
    client.subscribe('a1', jest.fn());
    expect(client.send('a1', { type: 'new_photos', payload: {} })).toBe(false);
    expect(logger.warn).toHaveBeenCalledTimes(2);

    FakeSocket.created[0].serverOpens();
    expect(client.send('a1', { type: 'new_photos', payload: { albumId: 'a1', photos: [] } })).toBe(true);
    expect(JSON.parse(FakeSocket.created[0].sent[0])).toEqual({ type: 'new_photos', payload: { albumId: 'a1', photos: [] } });
  });
});

describe('socket tickets (issue 23)', () => {
  const ticketClient = (ticketFor: (albumId: string, token?: string | null) => string | null | Promise<string | null>) =>
    new AlbumRealtimeClient({ createSocket: (url) => new FakeSocket(url), urlFor: (id, ticket) => `ws://test/ws/albums/${id}${ticket ? `?ticket=${ticket}` : ''}`, ticketFor, logger });

  it('asks for a fresh ticket before each connection and opens the socket with it; the token stays out of the URL', async () => {
    const asked: Array<[string, string | null | undefined]> = [];
    let n = 0;
    const client = ticketClient((albumId, token) => {
      asked.push([albumId, token]);
      n += 1;
      return Promise.resolve(`t${n}`);
    });
    client.subscribe('a1', jest.fn(), { token: 'jwt.of.ana' });
    expect(FakeSocket.created).toHaveLength(0);
    await Promise.resolve();
    await Promise.resolve();
    expect(FakeSocket.created.map((socket) => socket.url)).toEqual(['ws://test/ws/albums/a1?ticket=t1']);
    FakeSocket.created[0].serverOpens();
    FakeSocket.created[0].drops();
    jest.advanceTimersByTime(3000);
    await Promise.resolve();
    await Promise.resolve();
    expect(FakeSocket.created.map((socket) => socket.url)).toEqual(['ws://test/ws/albums/a1?ticket=t1', 'ws://test/ws/albums/a1?ticket=t2']);
    expect(asked).toEqual([['a1', 'jwt.of.ana'], ['a1', 'jwt.of.ana']]);
    expect(FakeSocket.created.every((socket) => !socket.url.includes('jwt'))).toBe(true);
  });

  it('a refused ticket counts as a failed connection: it tries again later, and gives up like a socket would', async () => {
    const ticketFor = jest.fn(() => Promise.reject(new Error('ws-ticket 403')));
    const client = ticketClient(ticketFor);
    client.subscribe('a1', jest.fn());
    for (let i = 0; i < 6; i++) {
      await Promise.resolve();
      await Promise.resolve();
      jest.advanceTimersByTime(3000);
    }
    expect(ticketFor).toHaveBeenCalledTimes(6);
    expect(FakeSocket.created).toHaveLength(0);
    expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/giving up after 5/));
  });

  it('without a token, a PIN or a wall token no ticket is asked for (a public album)', () => {
    expect(socketTicket('a1')).toBeNull();
  });
});

describe('albumSocketUrl, isNewPhotosFor and isPhotosRemovedFor', () => {
  it('builds a same-origin ws URL with the ticket only when given, never a token or a PIN', () => {
    expect(albumSocketUrl('a 1')).toBe(`ws://${window.location.host}/ws/albums/a%201`);
    expect(albumSocketUrl('a1', 'T-k_1')).toBe(`ws://${window.location.host}/ws/albums/a1?ticket=T-k_1`);
    setEventPinHeader('482193');
    setWallTokenHeader('wall-secret');
    try {
      expect(albumSocketUrl('a1')).toBe(`ws://${window.location.host}/ws/albums/a1`);
    } finally {
      setEventPinHeader(null);
      setWallTokenHeader(null);
    }
  });

  it('recognises new_photos of the album only', () => {
    expect(isNewPhotosFor({ type: 'new_photos', payload: { albumId: 'a1', photos: [] } }, 'a1')).toBe(true);
    expect(isNewPhotosFor({ type: 'new_photos', payload: { albumId: 'a2', photos: [] } }, 'a1')).toBe(false);
    expect(isNewPhotosFor({ type: 'other', payload: { albumId: 'a1' } }, 'a1')).toBe(false);
  });

  it('recognises photos_removed of the album only, with its ids', () => {
    expect(isPhotosRemovedFor({ type: 'photos_removed', payload: { albumId: 'a1', ids: ['p1'] } }, 'a1')).toBe(true);
    expect(isPhotosRemovedFor({ type: 'photos_removed', payload: { albumId: 'a2', ids: ['p1'] } }, 'a1')).toBe(false);
    expect(isPhotosRemovedFor({ type: 'photos_removed', payload: { albumId: 'a1' } }, 'a1')).toBe(false);
    expect(isPhotosRemovedFor({ type: 'new_photos', payload: { albumId: 'a1', photos: [] } }, 'a1')).toBe(false);
  });
});
