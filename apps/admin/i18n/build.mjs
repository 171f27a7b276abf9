// Writes packages/i18n/locales/{ja,en,kr,cn}/admin.json from the message tables in this folder
// (one row per key with its four translations, so no language can be forgotten).
// Run: node apps/admin/i18n/build.mjs
import fs from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '../../../packages/i18n/locales');
const LANGS = ['ja', 'en', 'kr', 'cn'];
const tables = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.messages.mjs'))
  .sort();
const all = {};
for (const f of tables) {
  const { messages } = await import(path.join(here, f));
  for (const [k, v] of Object.entries(messages)) {
    if (k in all) throw new Error(`duplicate key ${k} in ${f}`);
    if (!Array.isArray(v) || v.length !== 4 || v.some((s) => typeof s !== 'string' || !s)) throw new Error(`key ${k} needs 4 texts`);
    all[k] = v;
  }
}
LANGS.forEach((lang, i) => {
  const out = Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((k) => [k, all[k][i]]),
  );
  fs.writeFileSync(path.join(root, lang, 'admin.json'), `${JSON.stringify(out, null, 2)}\n`);
});
console.log(`admin.json: ${Object.keys(all).length} keys x ${LANGS.length} languages`);
