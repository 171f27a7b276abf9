import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import type { Clock } from './lib/clock.js';
import { AppEvents } from './lib/events.js';
import type { Kv } from './lib/kv.js';
import type { Tokens } from './lib/tokens.js';
import type { Storage } from './modules/media/storage.js';

/** What every module gets: configuration and the shared infrastructure of this process. */
export interface AppContext {
  config: Config;
  db: Db;
  kv: Kv;
  tokens: Tokens;
  storage: Storage;
  log: FastifyBaseLogger;
  /** business time (lib/clock.ts): every rule's "now"; tests move it */
  clock: Clock;
  /** notifications, e.g. 'site.invalidated' to drop cached payloads; the shared ones reach every process (lib/events.ts) */
  events: EventEmitter;
}

export function createEvents(): AppEvents {
  return new AppEvents();
}
