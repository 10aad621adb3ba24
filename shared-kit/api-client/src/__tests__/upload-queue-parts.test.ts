import { nextJob, roundBatches } from '../upload-queue/next-job';
import type { QueueEntry } from '../upload-queue/queue-entry';
import { sendWithRetries, type RetryEnvironment } from '../upload-queue/retry-policy';
import { TransportError, UploadError } from '../upload/upload-errors';

// Issue 24: the queue's parts, each alone. The queue as a whole is tested in upload-queue.test.ts.

let added = 0;
function entry(patch: Partial<QueueEntry>): QueueEntry {
  added += 1;
  return { id: `f${added}`, eventId: 'evt_1', albumId: 'alb_1', userId: 'Ana', name: `f${added}.jpg`, type: 'image/jpeg', size: 1000, addedAt: added, state: 'waiting', fileType: 'image', ...patch };
}
const large = (candidate: QueueEntry) => candidate.size > 10_000;

describe('nextJob: what the queue sends next', () => {
  test('the oldest waiting file alone when it is large', () => {
    const big = entry({ size: 50_000, addedAt: 0 });
    expect(nextJob([entry({}), big, entry({})], large)).toEqual([big]);
  });

  test('else up to 10 small files for the same album, guest and place, oldest first; held, sent and large ones stay', () => {
    const first = entry({ addedAt: 1 });
    const others = Array.from({ length: 12 }, (_, index) => entry({ addedAt: 10 + index }));
    const elsewhere = [entry({ albumId: 'alb_2', addedAt: 2 }), entry({ userId: 'Bia', addedAt: 3 }), entry({ place: 'Mesa 5', addedAt: 4 })];
    const skipped = [entry({ held: true, addedAt: 5 }), entry({ state: 'sending', addedAt: 6 }), entry({ state: 'failed', addedAt: 7 }), entry({ size: 50_000, addedAt: 8 })];
    const job = nextJob([...others.reverse(), ...elsewhere, ...skipped, first], large);
    expect(job?.map((candidate) => candidate.addedAt)).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });

  test('nothing waiting: null', () => {
    expect(nextJob([entry({ state: 'stored' }), entry({ held: true })], large)).toBeNull();
  });

  test("'lote X de Y': the batches started plus those the waiting small files need, never fewer than the current one", () => {
    const waiting = Array.from({ length: 21 }, () => entry({}));
    expect(roundBatches(waiting, large, 1, 1)).toBe(4);
    expect(roundBatches([entry({ size: 50_000 })], large, 3, 2)).toBe(3);
    expect(roundBatches([], large, 1, 2)).toBe(2);
  });
});

describe('sendWithRetries: the retry policy', () => {
  function environment(overrides: Partial<RetryEnvironment> = {}) {
    const slept: number[] = [];
    let online = true;
    const waits: Array<() => void> = [];
    const env: RetryEnvironment = {
      sleep: async (ms) => {
        slept.push(ms);
      },
      offline: () => !online,
      wentOffline: () => !online,
      waitOnline: () => new Promise<void>((resolve) => waits.push(resolve)),
      ...overrides,
    };
    return { env, slept, goOffline: () => (online = false), goOnline: () => ((online = true), waits.splice(0).forEach((wake) => wake())), waiting: () => waits.length };
  }
  const policy = { tries: 3, delay: (attempt: number) => attempt * 100 };

  test('a retryable failure waits the backoff and tries again; success ends it', async () => {
    const { env, slept } = environment();
    let calls = 0;
    const gaveUp = jest.fn();
    await sendWithRetries(policy, env, async () => {
      calls += 1;
      if (calls < 3) throw new TransportError('network');
    }, gaveUp);
    expect(calls).toBe(3);
    expect(slept).toEqual([100, 200]);
    expect(gaveUp).not.toHaveBeenCalled();
  });

  test('after `tries` failures in a row it gives up with the count; progress starts the count again', async () => {
    const { env, slept } = environment();
    let calls = 0;
    const gaveUp = jest.fn();
    await sendWithRetries(policy, env, async (progressed) => {
      calls += 1;
      if (calls === 2) progressed();
      throw new TransportError('timeout');
    }, gaveUp);
    // 1 fails, 2 progresses then fails (count back to 1), 3 and 4 fail: the third in a row gives up.
    expect(calls).toBe(4);
    expect(slept).toEqual([100, 100, 200]);
    expect(gaveUp).toHaveBeenCalledTimes(1);
    expect(gaveUp.mock.calls[0][0].message).toContain('3 tentativas');
  });

  test('a refusal or an UploadError gives up at once, without waiting', async () => {
    const { env, slept } = environment();
    const gaveUp = jest.fn();
    await sendWithRetries(policy, env, async () => {
      throw new TransportError('response', 413, 'Arquivo muito grande.');
    }, gaveUp);
    const own = new UploadError('Erro no envio', 'Erro ao finalizar upload');
    await sendWithRetries(policy, env, async () => {
      throw own;
    }, gaveUp);
    expect(slept).toEqual([]);
    expect(gaveUp.mock.calls.map(([error]) => error.message)).toEqual(['Arquivo muito grande.', 'Erro ao finalizar upload']);
  });

  test('offline, a failure waits for the connection and costs no try', async () => {
    const { env, slept, goOffline, goOnline, waiting } = environment();
    let calls = 0;
    const gaveUp = jest.fn();
    const done = sendWithRetries(policy, env, async () => {
      calls += 1;
      if (calls <= 4) {
        goOffline();
        throw new TransportError('network');
      }
    }, gaveUp);
    for (let round = 0; round < 4; round++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(waiting()).toBe(1);
      goOnline();
    }
    await done;
    expect(calls).toBe(5);
    expect(slept).toEqual([]);
    expect(gaveUp).not.toHaveBeenCalled();
  });
});
