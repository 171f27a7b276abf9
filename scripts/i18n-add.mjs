// Adds (or replaces) one key in a namespace for all four languages: node scripts/i18n-add.mjs ns key ja en kr cn
import fs from 'node:fs';
import path from 'node:path';

const [ns, key, ...texts] = process.argv.slice(2);
if (!ns || !key || texts.length !== 4) {
  console.error('usage: node scripts/i18n-add.mjs <namespace> <key> <ja> <en> <kr> <cn>');
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'packages', 'i18n', 'locales');
['ja', 'en', 'kr', 'cn'].forEach((lang, i) => {
  const file = path.join(root, lang, `${ns}.json`);
  const data = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  data[key] = texts[i];
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
});
