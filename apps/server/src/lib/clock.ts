/**
 * The one source of business time: bills, plan changes, contract dates, schedules, news, previews and visits
 * ask `ctx.clock` for "now", never `new Date()` in a rule, so tests can walk accounts and visitors through days
 * and months. In production it is the system's time; a test moves it forward (`set`, `advance`) and it keeps
 * running from there, or stands still when frozen. Times that are not business rules (leases of a running job,
 * request timing, cache ages, token expiry) stay on the system's time.
 */
export class Clock {
  private offsetMs = 0;
  private frozenAt: number | undefined;

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  /** Business time becomes `at` (it then runs on, unless `frozen`). */
  set(at: Date | string, opts: { frozen?: boolean } = {}): this {
    const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
    if (Number.isNaN(ms)) throw new Error(`Clock.set: not a time: ${String(at)}`);
    if (opts.frozen) this.frozenAt = ms;
    else {
      this.frozenAt = undefined;
      this.offsetMs = ms - Date.now();
    }
    return this;
  }

  /** Moves business time on by `ms`. */
  advance(ms: number): this {
    if (this.frozenAt !== undefined) this.frozenAt += ms;
    else this.offsetMs += ms;
    return this;
  }

  /** Back to the system's time. */
  reset(): this {
    this.offsetMs = 0;
    this.frozenAt = undefined;
    return this;
  }
}
