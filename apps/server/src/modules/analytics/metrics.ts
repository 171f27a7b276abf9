import { eventsIngested, eventsRefused } from '../../lib/metrics.js';

// The events endpoint's figures (lib/metrics.ts): events stored, and events not stored with the reason.

const dropped = eventsRefused.labels('dropped');
const limited = eventsRefused.labels('rate_limited');

/** A batch answered 202: `accepted` of its `sent` events stored, the rest dropped (bots, do-not-track, unknown sites, duplicates). */
export function countEvents(sent: number, accepted: number): void {
  eventsIngested.inc(accepted);
  if (sent > accepted) dropped.inc(sent - accepted);
}

/** A rejection handler for the batch: a 429 refuses all its events; the error goes on to the error handler. */
export function refusedEvents(sent: number): (err: unknown) => never {
  return (err) => {
    if ((err as { status?: unknown }).status === 429) limited.inc(sent);
    throw err;
  };
}
