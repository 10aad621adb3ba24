import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LoginLimits } from '../config';
import type { Database } from '../db/schema';
import { addFailure, clearFailures, deleteClosedWindows, openFailureCounts } from '../repositories/login-failures';

/** Keys are hashed: the table never holds an address or an e-mail in clear. */
const keyOf = (kind: 'ip' | 'email', value: string) => createHash('sha256').update(`${kind}:${value}`).digest('hex');

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Counts failed logins per client IP and per e-mail in a fixed window, in the database: every server
 * instance behind a load balancer sees the same counts.
 */
export class LoginLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: LoginLimits,
  ) {}

  /** Whether the IP or the e-mail already used up its failures, and for how long. */
  async verdict(ip: string, email: string, now = Date.now()): Promise<{ blocked: boolean; retryAfterSeconds: number }> {
    const ipKey = keyOf('ip', ip);
    const emailKey = keyOf('email', email);
    const counts = await openFailureCounts(this.db, [ipKey, emailKey], now);
    const blocking = counts.filter((entry) => entry.count >= (entry.key === ipKey ? this.limits.perIp : this.limits.perEmail));
    if (blocking.length === 0) return { blocked: false, retryAfterSeconds: 0 };
    const resetAt = Math.max(...blocking.map((entry) => entry.resetAt));
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }

  async recordFailure(ip: string, email: string, now = Date.now()): Promise<void> {
    await addFailure(this.db, keyOf('ip', ip), now, this.limits.windowMs);
    await addFailure(this.db, keyOf('email', email), now, this.limits.windowMs);
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await deleteClosedWindows(this.db, now);
    }
  }

  async recordSuccess(email: string): Promise<void> {
    await clearFailures(this.db, keyOf('email', email));
  }
}
