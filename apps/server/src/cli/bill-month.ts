import { loadConfig } from '../config.js';
import { billMonth } from '../modules/billing/service.js';
import { createContext } from '../server.js';

// Bills one month by hand (the monthly job does this at 00:00 JST on the 1st): safe to run again, and after a
// run killed midway: accounts already billed are left alone.
//   node --import tsx apps/server/src/cli/bill-month.ts 2026-01

const month = process.argv[2] ?? '';
if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
  process.stderr.write('usage: bill-month YYYY-MM\n');
  process.exit(2);
}
const ctx = await createContext(loadConfig());
const r = await billMonth(ctx, month);
process.stdout.write(`${JSON.stringify(r)}\n`);
await ctx.db.close();
process.exit(0);
