import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';

// The load balancer of the two-instance test: requests and websocket upgrades go to the instances
// in turn, with nothing sticky. Like nginx's `max_fails`, an instance that refuses connections is
// taken out of the turn; an instance dying mid-request cuts that request (502 or a reset), and
// the client retries.

export interface RoundRobinProxy {
  url: string;
  /** Which instance (its index) takes the next request or upgrade. */
  readonly next: number;
  /** The instance each request went to, in order (upgrades included). */
  readonly routed: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(targets: number[]): Promise<RoundRobinProxy> {
  const down = new Set<number>();
  const routed: number[] = [];
  let turn = 0;
  const pick = () => {
    for (let step = 0; step < targets.length; step++) {
      const index = (turn + step) % targets.length;
      if (!down.has(index)) {
        turn = index + 1;
        routed.push(index);
        return index;
      }
    }
    return null;
  };
  const refused = (index: number, error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNREFUSED') down.add(index);
  };
  const forwarded = (request: http.IncomingMessage) => ({
    ...request.headers,
    'x-forwarded-for': request.socket.remoteAddress ?? '',
  });

  const tunnels = new Set<Duplex>();
  const server = http.createServer((request, response) => {
    const index = pick();
    if (index === null) {
      response.writeHead(502).end();
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: targets[index], method: request.method, path: request.url, headers: forwarded(request) },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', (error) => {
      refused(index, error);
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' }).end('{"status":502,"message":"Bad gateway"}');
      else response.destroy();
    });
    request.pipe(upstream);
  });

  server.on('upgrade', (request, socket, head) => {
    const index = pick();
    if (index === null) {
      socket.destroy();
      return;
    }
    tunnels.add(socket);
    socket.on('close', () => tunnels.delete(socket));
    const upstream = net.connect(targets[index], '127.0.0.1', () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(forwarded(request))) {
        for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) lines.push(`${name}: ${one}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', (error) => {
      refused(index, error);
      socket.destroy();
    });
    socket.on('error', () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    get next() {
      for (let step = 0; step < targets.length; step++) if (!down.has((turn + step) % targets.length)) return (turn + step) % targets.length;
      return -1;
    },
    routed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of tunnels) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
