import PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { pendingDeliveries } from '../../repositories/webhooks';
import { attemptDelivery, type WebhookSettings } from './delivery';

export const WEBHOOK_QUEUE = 'webhooks';

/** Where webhook deliveries wait for their next attempt. */
export interface WebhookQueue {
  /** Runs the delivery's next attempt after `delaySeconds`. */
  schedule(deliveryId: string, delaySeconds: number): Promise<void>;
  /** At start: schedules the deliveries left waiting (a restart, a crash). */
  resume(): Promise<void>;
  /** Resolves once no attempt runs and none is due within `withinMs` (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface WebhookQueueDeps {
  db: Kysely<Database>;
  settings: WebhookSettings;
  log: { warn: (details: object, message: string) => void };
}

/** Seconds from now until an ISO time (0 when past or unknown). */
const secondsUntil = (iso: string | null) => (iso ? Math.max(0, Math.ceil((Date.parse(iso) - Date.now()) / 1000)) : 0);

/**
 * SQLite (one server process): timers in this process. The rows are the truth: each attempt is
 * recorded with the time of the next, so a restart schedules what was waiting.
 */
export class InProcessWebhookQueue implements WebhookQueue {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private running = 0;
  private stopped = false;
  private readonly idleWaiters: Array<() => void> = [];

  constructor(private readonly deps: WebhookQueueDeps) {}

  async schedule(deliveryId: string, delaySeconds: number): Promise<void> {
    if (this.stopped) return;
    clearTimeout(this.timers.get(deliveryId));
    const timer = setTimeout(() => {
      this.timers.delete(deliveryId);
      void this.run(deliveryId);
    }, delaySeconds * 1000);
    timer.unref();
    this.timers.set(deliveryId, timer);
  }

  private async run(deliveryId: string): Promise<void> {
    this.running++;
    try {
      const next = await attemptDelivery(this.deps.db, deliveryId, this.deps.settings);
      if (next !== null) await this.schedule(deliveryId, next);
    } catch (error) {
      this.deps.log.warn({ err: error, deliveryId }, 'webhook attempt could not be recorded; retried at the next start');
    } finally {
      this.running--;
      this.settled();
    }
  }

  private settled(): void {
    if (this.running === 0 && (this.timers.size === 0 || this.stopped)) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  async resume(): Promise<void> {
    for (const row of await pendingDeliveries(this.deps.db)) await this.schedule(row.id, secondsUntil(row.next_attempt_at));
  }

  idle(): Promise<void> {
    if (this.running === 0 && this.timers.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.running > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }
}

interface DeliveryJob {
  deliveryId: string;
}

/**
 * PostgreSQL: pg-boss, in the media queue's schema, shared by every instance. Each attempt is one job;
 * a failed attempt queues the next with `startAfter` (the retry schedule is the app's, not pg-boss's
 * exponential one). One waiting job per delivery (policy `stately`, keyed by its id), so resuming at
 * start never doubles one. A job whose instance died is retried by pg-boss after the timeout.
 */
export class PgBossWebhookQueue implements WebhookQueue {
  private workerId: string | null = null;

  private constructor(
    private readonly deps: WebhookQueueDeps,
    private readonly boss: PgBoss,
  ) {}

  static async start(deps: WebhookQueueDeps, options: { url: string; schema: string; pollSeconds: number }): Promise<PgBossWebhookQueue> {
    const boss = new PgBoss({ connectionString: options.url, schema: options.schema, max: 3, schedule: false, supervise: false });
    boss.on('error', (error: unknown) => deps.log.warn({ err: error }, 'webhook queue error'));
    await boss.start();
    const queue = new PgBossWebhookQueue(deps, boss);
    try {
      const settings: PgBoss.Queue = {
        name: WEBHOOK_QUEUE,
        policy: 'stately',
        retryLimit: 3,
        retryDelay: 30,
        expireInSeconds: Math.ceil(deps.settings.timeoutMs / 1000) + 60,
      };
      await boss.createQueue(WEBHOOK_QUEUE, settings);
      await boss.updateQueue(WEBHOOK_QUEUE, settings);
      queue.workerId = await boss.work<DeliveryJob>(WEBHOOK_QUEUE, { pollingIntervalSeconds: options.pollSeconds, batchSize: 1 }, async ([job]) => {
        const next = await attemptDelivery(deps.db, job.data.deliveryId, deps.settings);
        if (next !== null) await queue.schedule(job.data.deliveryId, next);
      });
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    }
    return queue;
  }

  async schedule(deliveryId: string, delaySeconds: number): Promise<void> {
    await this.boss.send(WEBHOOK_QUEUE, { deliveryId }, { singletonKey: deliveryId, startAfter: Math.max(0, Math.round(delaySeconds)) });
    if (delaySeconds === 0 && this.workerId) this.boss.notifyWorker(this.workerId);
  }

  async resume(): Promise<void> {
    for (const row of await pendingDeliveries(this.deps.db)) await this.schedule(row.id, secondsUntil(row.next_attempt_at));
  }

  async idle(): Promise<void> {
    // The shared queue has no local notion of idle: tests poll the deliveries' rows.
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }
}
