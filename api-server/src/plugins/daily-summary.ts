import fp from 'fastify-plugin';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import { nextDigestAt, sendDailySummaries, type DailySummaryDeps } from '../services/notifications/daily-summary';
import { startJobClient } from '../infra/job-client';

/** The pg-boss queue (and schedule) of the 'Resumo diário' runs on PostgreSQL. */
export const DAILY_SUMMARY_QUEUE = 'daily-summary';

export interface DailySummaryScheduler {
  /** DIGEST_HOUR. */
  readonly hour: number;
  /** One run, as the scheduled job makes it (tests; answers how many e-mails went). */
  run(now?: Date): Promise<number>;
  /** Queues one run as the schedule does (PostgreSQL: a pg-boss job any instance may take; SQLite: here). */
  trigger(): Promise<void>;
  /** Resolves once no run is queued or running. */
  idle(): Promise<void>;
  /** SQLite: when the in-process timer fires next; null with pg-boss's schedule or when the summary is off. */
  next(): Date | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 27 item 5: the 'Resumo diário' e-mails, at DIGEST_HOUR through the job queue. */
    dailySummary: DailySummaryScheduler;
  }
}

type Log = { warn: (obj: object, msg: string) => void };

/** SQLite (one process): a timer to the next DIGEST_HOUR of the server's clock, set again after each run. */
class InProcessSchedule {
  private timer: NodeJS.Timeout | null = null;
  private at: Date | null = null;
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private readonly hour: number,
    private readonly run: (now: Date) => Promise<number>,
    private readonly log: Log,
  ) {}

  start(now = new Date()): void {
    if (this.stopped) return;
    this.at = nextDigestAt(now, this.hour);
    this.timer = setTimeout(() => void this.trigger().finally(() => this.start()), this.at.getTime() - now.getTime());
    this.timer.unref();
  }

  next = () => this.at;

  trigger(): Promise<void> {
    const job = this.run(new Date())
      .then(() => undefined)
      .catch((error: unknown) => this.log.warn({ err: error }, 'daily summary run failed'))
      .finally(() => this.running.delete(job));
    this.running.add(job);
    return job;
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.at = null;
    await this.idle();
  }
}

/** PostgreSQL: pg-boss's schedule (cron `0 DIGEST_HOUR * * *` in the server's time zone) makes one job a day for all instances. */
async function pgBossSchedule(boss: PgBoss, config: Config, run: (now: Date) => Promise<number>) {
  await boss.createQueue(DAILY_SUMMARY_QUEUE, { name: DAILY_SUMMARY_QUEUE, retryLimit: 2, retryDelay: 300 });
  await boss.schedule(DAILY_SUMMARY_QUEUE, `0 ${config.digestHour} * * *`, {}, { tz: serverTimeZone() });
  // A throw (the database away) fails the job and pg-boss runs it again; organisers already sent stay claimed.
  const workerId = await boss.work(DAILY_SUMMARY_QUEUE, { pollingIntervalSeconds: config.media.jobs.pollSeconds, batchSize: 1 }, async () => {
    await run(new Date());
  });
  const queued = new Set<Promise<unknown>>();
  return {
    async trigger() {
      const sent = boss.send(DAILY_SUMMARY_QUEUE, {}).finally(() => queued.delete(sent));
      queued.add(sent);
      await sent;
      boss.notifyWorker(workerId);
    },
    async idle() {
      while (queued.size > 0) await Promise.all(queued);
      while ((await boss.getQueueSize(DAILY_SUMMARY_QUEUE, { before: 'completed' })) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
}

/** The server's IANA time zone (pg-boss reads crons in UTC unless told). */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Issue 27 item 5: 'Resumo diário'. The sending is `sendDailySummaries` (domain); this plugin only
 * triggers it at DIGEST_HOUR. Without SMTP_URL or PUBLIC_URL nothing is scheduled or sent.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    if (!app.mail.configured || !config.publicUrl) {
      app.log.info(app.mail.configured ? 'daily summary off: PUBLIC_URL is not set' : 'daily summary off: SMTP_URL is not set');
      app.decorate('dailySummary', { hour: config.digestHour, run: async () => 0, trigger: async () => undefined, idle: async () => undefined, next: () => null });
      return;
    }
    const deps: DailySummaryDeps = { db: app.db, mail: app.mail, publicUrl: config.publicUrl, log: app.log, hour: config.digestHour };
    const run = (now: Date = new Date()) => sendDailySummaries(deps, now);
    if (app.dbDialect !== 'postgres') {
      const schedule = new InProcessSchedule(config.digestHour, run, app.log);
      app.decorate('dailySummary', { hour: config.digestHour, run, trigger: () => schedule.trigger(), idle: () => schedule.idle(), next: schedule.next });
      app.addHook('onReady', async () => schedule.start());
      app.addHook('preClose', () => schedule.stop());
      return;
    }
    const boss = await startJobClient(config, app.log, { what: 'daily summary', max: 2, schedule: true });
    const queue = await pgBossSchedule(boss, config, run).catch(async (error: unknown) => {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      throw error;
    });
    app.decorate('dailySummary', { hour: config.digestHour, run, ...queue, next: () => null });
    app.addHook('preClose', async () => {
      await boss.offWork(DAILY_SUMMARY_QUEUE);
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    });
  },
  { name: 'daily-summary', dependencies: ['db', 'mail', 'media-worker'] },
);
