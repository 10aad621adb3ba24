import type { LoginLimits } from '../config';

/** Counts failed logins per key (IP or e-mail) in a fixed window. In memory: one server process. */
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly limits: LoginLimits) {}

  private current(key: string, now: number) {
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count;
  }

  /** True when the IP or the e-mail already used up its failures. */
  isBlocked(ip: string, email: string, now = Date.now()): boolean {
    return this.current(`ip:${ip}`, now) >= this.limits.perIp || this.current(`email:${email}`, now) >= this.limits.perEmail;
  }

  recordFailure(ip: string, email: string, now = Date.now()): void {
    for (const key of [`ip:${ip}`, `email:${email}`]) {
      const count = this.current(key, now);
      const resetAt = count === 0 ? now + this.limits.windowMs : this.failures.get(key)!.resetAt;
      this.failures.set(key, { count: count + 1, resetAt });
    }
    if (this.failures.size > 100_000) this.sweep(now);
  }

  recordSuccess(email: string): void {
    this.failures.delete(`email:${email}`);
  }

  retryAfterSeconds(ip: string, email: string, now = Date.now()): number {
    const resets = [`ip:${ip}`, `email:${email}`].map((key) => this.failures.get(key)?.resetAt ?? now);
    return Math.max(1, Math.ceil((Math.max(...resets) - now) / 1000));
  }

  private sweep(now: number) {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
