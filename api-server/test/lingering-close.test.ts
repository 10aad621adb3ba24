import net from 'node:net';
import { startServer, type TestServer } from './helpers';
import { sleep } from './raw-http';

/**
 * A refusal sent while the body is still arriving must reach a sender that is busy writing and reads
 * only later (a phone mid-upload). Without a lingering close the server's socket closes with the
 * sender's bytes unread, the kernel resets the connection, and the sender's next write fails before
 * it has read the answer: it saw a network error, not the message.
 */
describe('lingering close: a refused upload still reads its answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** Sends the head and 1 MB, stops reading, writes 1 MB more after the answer, then reads. */
  function refusedWhileWriting(head: string): Promise<{ received: string; error?: string }> {
    const { port } = new URL(server.url);
    return new Promise((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let received = '';
      let error: string | undefined;
      socket.on('data', (piece) => (received += piece.toString('utf8')));
      socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code));
      socket.on('close', () => resolve({ received, error }));
      socket.write(head);
      socket.write(Buffer.alloc(1024 * 1024, 7));
      socket.pause();
      void (async () => {
        await sleep(300); // the server has answered and closed by now
        if (!socket.destroyed) socket.write(Buffer.alloc(1024 * 1024, 7));
        await sleep(100);
        socket.resume();
      })();
    });
  }

  test('a body declared too large: 413 with its message, no reset', async () => {
    const boundary = '----momentos-linger';
    const answer = await refusedWhileWriting(
      'POST /api/events/photos HTTP/1.1\r\nHost: localhost\r\n' +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${300 * 1024 * 1024}\r\n\r\n`,
    );
    expect(answer.error).toBeUndefined();
    const [head, body] = answer.received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body)).toEqual({ status: 413, message: expect.stringContaining('MB') });
  });
});
