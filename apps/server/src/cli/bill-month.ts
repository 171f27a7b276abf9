import { type Lang, translate } from '@swipe/i18n';

// Bills one month by hand (the monthly job does this at 00:00 JST on the 1st): safe to run again, and after a
// run killed midway: accounts already billed are left alone. A month that has not ended in Japan time is refused
// (exit code 3, the reason on standard error in LANG's language: Japanese for ja*, else English).
//   node --import tsx apps/server/src/cli/bill-month.ts 2026-01

const lang: Lang = /^ja/i.test(process.env.LANG ?? '') ? 'ja' : 'en';
const month = process.argv[2] ?? '';
if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
  process.stderr.write('usage: bill-month YYYY-MM\n');
  process.exit(2);
}
// the server's code is loaded once the argument is known to be usable: a usage error answers at once
const [{ loadConfig }, { AppError }, { billMonth }, { createContext }] = await Promise.all([
  import('../config.js'),
  import('../errors.js'),
  import('../modules/billing/service.js'),
  import('../open.js'),
]);
const ctx = await createContext(loadConfig()).catch((e: Error) => {
  process.stderr.write(`bill-month: ${e.message}\n`);
  process.exit(1);
});
try {
  const r = await billMonth(ctx, month);
  process.stdout.write(`${JSON.stringify(r)}\n`);
  await ctx.db.close();
  process.exit(0);
} catch (e) {
  await ctx.db.close().catch(() => {});
  if (e instanceof AppError && e.status === 422) {
    process.stderr.write(`${translate(lang, e.key, e.params)}\n`);
    process.exit(3);
  }
  throw e;
}
