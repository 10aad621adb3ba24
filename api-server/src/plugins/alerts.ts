import fp from 'fastify-plugin';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import { sendPendingAlerts, type PendingAlertDeps } from '../services/notifications/pending-alert';
import { startJobClient } from '../infra/job-client';

/** The queue of 'Fotos aguardando aprovação' jobs on PostgreSQL (one waiting job per event). */
export const PENDING_ALERT_QUEUE = 'alert-pending-photos';

export interface AlertQueue {
  /** Photos of the event arrived waiting for approval; never throws, never waits for the e-mail. */
  photosPending(eventId: string): void;
  /** Resolves once no alert job is queued or running (tests). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 27 item 5: organisers' e-mail alerts, sent through the job queue. */
    alerts: AlertQueue;
  }
}

/** SQLite (one process): jobs run in this process, one per event at a time. */
class InProcessAlerts implements AlertQueue {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  constructor(private readonly run: (eventId: string) => Promise<void>) {}

  photosPending(eventId: string): void {
    if (this.running.has(eventId)) {
      this.again.add(eventId);
      return;
    }
    const job = (async () => {
      do {
        this.again.delete(eventId);
        await this.run(eventId);
      } while (this.again.has(eventId));
    })().finally(() => this.running.delete(eventId));
    this.running.set(eventId, job);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }
}

/** PostgreSQL: a pg-boss queue shared by every instance; the per-recipient claim makes one e-mail of two jobs. */
class PgBossAlerts implements AlertQueue {
  /** Sends not yet in the table (idle waits for them). */
  private readonly sending = new Set<Promise<unknown>>();

  constructor(
    private readonly boss: PgBoss,
    private readonly workerId: string,
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {}

  photosPending(eventId: string): void {
    const sent = this.boss
      .send(PENDING_ALERT_QUEUE, { eventId }, { singletonKey: eventId })
      // This instance's worker starts at once instead of at its next poll.
      .then(() => this.boss.notifyWorker(this.workerId))
      .catch((error: unknown) => this.log.warn({ err: error, eventId }, 'could not queue the pending-photos alert'))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  async idle(): Promise<void> {
    while (this.sending.size > 0) await Promise.all(this.sending);
    while ((await this.boss.getQueueSize(PENDING_ALERT_QUEUE, { before: 'completed' })) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const disabled: AlertQueue = { photosPending: () => undefined, idle: async () => undefined };

/**
 * Issue 27 item 5: e-mail alerts. Without SMTP_URL or PUBLIC_URL (the link's origin must not come from
 * a guest's request) nothing is queued or sent.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    if (!app.mail.configured || !config.publicUrl) {
      app.log.info(app.mail.configured ? 'alerts off: PUBLIC_URL is not set' : 'alerts off: SMTP_URL is not set');
      app.decorate('alerts', {
        ...disabled,
        photosPending: (eventId: string) => app.log.debug({ eventId }, 'pending-photos alert not sent: e-mail is not configured'),
      });
      return;
    }
    const deps: PendingAlertDeps = { db: app.db, mail: app.mail, publicUrl: config.publicUrl, log: app.log };
    const run = async (eventId: string) => {
      await sendPendingAlerts(deps, eventId).catch((error: unknown) => app.log.warn({ err: error, eventId }, 'pending-photos alert failed'));
    };
    if (app.dbDialect !== 'postgres') {
      const queue = new InProcessAlerts(run);
      app.decorate('alerts', queue);
      app.addHook('preClose', () => queue.idle());
      return;
    }
    const boss = await startJobClient(config, app.log, { what: 'alert', max: 2 });
    await boss.createQueue(PENDING_ALERT_QUEUE, { name: PENDING_ALERT_QUEUE, policy: 'stately', retryLimit: 2, retryDelay: 30 });
    const workerId = await boss.work<{ eventId: string }>(PENDING_ALERT_QUEUE, { pollingIntervalSeconds: config.media.jobs.pollSeconds, batchSize: 1 }, ([job]) => run(job.data.eventId));
    app.decorate('alerts', new PgBossAlerts(boss, workerId, app.log));
    app.addHook('preClose', async () => {
      await boss.offWork(PENDING_ALERT_QUEUE);
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    });
  },
  { name: 'alerts', dependencies: ['db', 'mail', 'media-worker'] },
);
