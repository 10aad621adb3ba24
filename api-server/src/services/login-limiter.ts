import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LoginLimits } from '../config';
import type { Database } from '../db/schema';
import { addFailure, clearFailures, deleteClosedWindows, takeBackFailure } from '../repositories/login-failures';

/** Keys are hashed: the table never holds an address or an e-mail in clear. */
const keyOf = (kind: 'ip' | 'email', value: string, scope = '') => createHash('sha256').update(`${scope}${kind}:${value}`).digest('hex');

const SWEEP_EVERY_MS = 10 * 60 * 1000;

export interface LoginAttempt {
  blocked: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts logins per client IP and per e-mail in a fixed window, in the database: every server
 * instance behind a load balancer sees the same counts. Issue 23: an attempt is counted (one atomic
 * upsert per key) before its password is checked, so a burst of concurrent guesses is cut at the
 * limit instead of all passing the check while the hashes run; a success gives its attempt back to
 * the address and clears the e-mail's count.
 */
export class LoginLimiter {
  private lastSweep = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: LoginLimits,
    /** Issue 27: counts of another kind of attempt ('reset:' for 'Esqueci minha senha'), apart from the logins'. */
    private readonly scope = '',
  ) {}

  /** Counts one attempt and says whether it is over either limit (then the password is not checked). */
  async attempt(ip: string, email: string, now = Date.now()): Promise<LoginAttempt> {
    if (now - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await deleteClosedWindows(this.db, now);
    }
    const [byIp, byEmail] = await Promise.all([
      addFailure(this.db, keyOf('ip', ip, this.scope), now, this.limits.windowMs),
      addFailure(this.db, keyOf('email', email, this.scope), now, this.limits.windowMs),
    ]);
    const over = [byIp.count > this.limits.perIp ? byIp : null, byEmail.count > this.limits.perEmail ? byEmail : null].filter((entry) => entry !== null);
    if (over.length === 0) return { blocked: false, retryAfterSeconds: 0 };
    const resetAt = Math.max(...over.map((entry) => entry.resetAt));
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
  }

  /** The password was right: the address gets its attempt back and the e-mail starts again from 0. */
  async succeeded(ip: string, email: string): Promise<void> {
    await Promise.all([takeBackFailure(this.db, keyOf('ip', ip, this.scope)), clearFailures(this.db, keyOf('email', email, this.scope))]);
  }
}
