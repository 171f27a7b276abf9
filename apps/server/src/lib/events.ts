import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Kv } from './kv.js';

/**
 * Events every process must hear, not only the one where they happened: each drops what it cached of a site (the
 * published snapshot, the micro-cache, rendered pages, addresses, live experiments, notifications) when any process
 * changes it. Sites announce every change through `site.invalidated` (sites' invalidateSite, published's drop of all
 * sites), so sharing that one event covers every cache that listens to it, whatever is cached later.
 */
export const SHARED_EVENTS: ReadonlySet<string> = new Set(['site.invalidated', 'deliveries.changed']);
const CHANNEL = 'events';

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * The in-process events (AppContext.events). Once `share`d over a Redis kv, an emit of a shared event is also
 * published, and what other processes publish is emitted here: with REDIS_URL a publish on one process empties the
 * caches of all of them at once, where each process's own expiry (seconds) would otherwise be the only bound.
 */
export class AppEvents extends EventEmitter {
  private kv: Kv | undefined;
  private log: Logger | undefined;
  /** tells this process's messages from the others' (the channel echoes them back) */
  private readonly self = randomUUID();

  constructor() {
    super();
    this.setMaxListeners(50);
  }

  override emit(name: string | symbol, ...args: unknown[]): boolean {
    if (this.kv && typeof name === 'string' && SHARED_EVENTS.has(name)) {
      this.kv.publish(CHANNEL, JSON.stringify({ from: this.self, name, args })).catch((err: unknown) => {
        this.log?.warn({ err, event: name }, 'could not tell the other processes of a change (their caches expire on their own)');
      });
    }
    return super.emit(name, ...args);
  }

  /** Hears the other processes through the kv's pub/sub (nothing to do without Redis: one process). */
  async share(kv: Kv, log: Logger): Promise<void> {
    this.kv = kv;
    this.log = log;
    await kv.subscribe(
      CHANNEL,
      (message) => {
        let m: { from?: unknown; name?: unknown; args?: unknown };
        try {
          m = JSON.parse(message) as typeof m;
        } catch {
          return;
        }
        if (m.from === this.self || typeof m.name !== 'string' || !SHARED_EVENTS.has(m.name) || !Array.isArray(m.args)) return;
        super.emit(m.name, ...m.args);
      },
      // messages lost while Redis was away: every site may have changed (0 means all of them)
      () => super.emit('site.invalidated', 0),
    );
  }
}
