import { HttpError, messages, notFound } from '../../errors';
import { ContentProbe, probeOn } from '../receive';

// Issue 24 item 3: the SHA-256 of a chunk session, fed in chunk order as the chunks arrive (see
// chunk-target.ts): a chunk that comes early waits on disk for its turn.

export const sizeMismatchMessage = 'Upload incompleto: o tamanho recebido não confere.';

/** A chunk kept but not yet hashed: it waits for the chunks before it. */
export interface Waiting {
  read: () => AsyncIterable<Buffer>;
  /** Once hashed (or forgotten): its own file goes. */
  done: () => Promise<void>;
}

export class OrderedHash {
  probe = new ContentProbe();
  next = 0;
  busy = false;
  readonly waiting = new Map<number, Waiting>();
}

/**
 * The SHA-256 of each open session of this instance, fed in chunk order. In memory: a restart, or a
 * chunk taken by another instance, leaves a gap that finalize fills by reading those bytes back.
 */
export class SessionHashes {
  private readonly sessions = new Map<string, OrderedHash>();

  /** Chunk `index` starts arriving: a probe to feed as it streams when it is the next one, else null. */
  claim(sessionId: string, index: number): { probe: ContentProbe; kept: () => Promise<void>; release: () => void } | null {
    let state = this.sessions.get(sessionId);
    if (state && index < state.next) {
      // Sent again after it was hashed: its bytes are trusted no more; finalize reads the file back.
      void this.forget(sessionId);
      state = undefined;
    }
    if (!state) {
      state = new OrderedHash();
      this.sessions.set(sessionId, state);
    }
    const waiting = state.waiting.get(index);
    if (waiting) {
      // Sent again while it waited: the new copy replaces it.
      state.waiting.delete(index);
      void waiting.done();
    }
    if (state.busy || index !== state.next) return null;
    state.busy = true;
    const owner = state;
    const probe = state.probe.copy();
    let open = true;
    return {
      probe,
      kept: async () => {
        if (!open) return;
        open = false;
        if (this.sessions.get(sessionId) !== owner) return;
        owner.next += 1;
        owner.probe = probe;
        owner.busy = false;
        await this.catchUp(sessionId, owner);
      },
      release: () => {
        if (!open) return;
        open = false;
        owner.busy = false;
      },
    };
  }

  /** A chunk kept that was not hashed as it arrived: hashed when its turn comes. */
  async wait(sessionId: string, index: number, waiting: Waiting): Promise<void> {
    const state = this.sessions.get(sessionId);
    if (!state || index < state.next) {
      await waiting.done();
      // A second copy of a chunk already hashed (sent again while the first was still arriving): its
      // bytes are trusted no more; finalize reads the file back.
      if (state) await this.forget(sessionId);
      return;
    }
    state.waiting.set(index, waiting);
    await this.catchUp(sessionId, state);
  }

  private async catchUp(sessionId: string, state: OrderedHash): Promise<void> {
    if (state.busy) return;
    state.busy = true;
    try {
      for (let waiting = state.waiting.get(state.next); waiting; waiting = state.waiting.get(state.next)) {
        await probeOn(state.probe, waiting.read());
        state.waiting.delete(state.next);
        state.next += 1;
        await waiting.done();
      }
    } catch {
      // A waiting chunk could not be read: finalize reads the file back.
      void this.forget(sessionId);
    } finally {
      state.busy = false;
    }
  }

  /** The session's hash so far, for its finalize (gone from here): null when a chunk is still being hashed. */
  async take(sessionId: string): Promise<OrderedHash | null> {
    const state = this.sessions.get(sessionId);
    if (!state) return null;
    await this.forget(sessionId);
    return state.busy ? null : state;
  }

  /** Drops the session's hash and the chunks that waited for their turn. */
  async forget(sessionId: string): Promise<void> {
    const state = this.sessions.get(sessionId);
    if (!state) return;
    this.sessions.delete(sessionId);
    await Promise.all([...state.waiting.values()].map((waiting) => waiting.done().catch(() => undefined)));
  }
}

/** The finished hash of `size` bytes: what the session's hash had, and the rest read from `rest(from)`. */
export async function completeHash(state: OrderedHash | null, size: number, rest: (from: number) => Promise<AsyncIterable<Buffer> | null>) {
  const probe = state?.probe ?? new ContentProbe();
  if (probe.length < size) {
    const source = await rest(probe.length);
    if (!source) throw notFound(messages.sessionNotFound);
    await probeOn(probe, source);
  }
  const result = probe.result();
  if (result.size !== size) throw new HttpError(400, sizeMismatchMessage);
  return result;
}
