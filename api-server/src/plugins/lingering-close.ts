import type { Socket } from 'node:net';
import fp from 'fastify-plugin';

/** How long a refused sender gets to read the answer before its connection is closed for good. */
const LINGER_MS = 2_000;

/**
 * Lingering close (nginx's `lingering_close`). An answer sent before its request's body has all
 * arrived (a 413, a 429, a 507 mid-upload, a refused chunk) closes the connection. Node closes the
 * socket as soon as the answer is out; with the sender's bytes still unread, the kernel answers them
 * with a reset, and a sender that is still writing (a phone mid-upload) meets the reset before it has
 * read the answer: the guest sees a network error instead of the message, and retries blindly.
 * Here such a socket stops reading, sends its end after the answer and closes when the sender does,
 * or after LINGER_MS. Nothing more of the body is read meanwhile: the sender's writes just wait.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    this.pause();
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      const socket = request.raw.socket;
      if (request.raw.complete || !socket || socket.destroyed) return;
      if (String(reply.getHeader('connection') ?? '').toLowerCase() === 'close') lingerOnClose(socket);
    });
  },
  { name: 'lingering-close' },
);
