import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Module ownership as a failing test (docs/architecture.md "Modules and what they own"):
// 1. SQL only in repo files (a module's `repo.ts` and `repo/<part>.ts`, the one way repos are named), db/ (migrate,
//    bulk), migrations and tests;
// 2. a module imports another module only through its `service.ts` (`accounts/actor.ts`, the scoping
//    mechanism, excepted);
// 3. module imports form no cycle;
// 4. every table has one owning module (OWNERS): only its owner writes it; another module's SQL reads it only
//    where READS lists the pair, and only down the import graph (the reader imports the owner, never the reverse),
//    so one query can join the rows it needs without a module knowing the tables of one above it.
// What is still being moved would be listed in the *_TO_* sets below, file by file; a listed entry that is clean
// again is printed as a reminder.

const SRC = path.dirname(new URL(import.meta.url).pathname);

/** Files that still hold SQL outside a repo file (relative to apps/server/src). */
const SQL_TO_MOVE = new Set<string>([]);
/** `from -> to` module imports that do not go through the other module's service.ts yet. */
const IMPORTS_TO_FIX = new Set<string>([]);
/** Module cycles still to break, as the sorted module names joined by ' <-> '. */
const CYCLES_TO_BREAK = new Set<string>([]);

/** The module that owns each table (platform: jobs/, secrets.ts). Mirrors docs/architecture.md's module table. */
const OWNERS: Record<string, string> = {
  accounts: 'accounts',
  contract_history: 'contracts',
  plans: 'plans',
  user_imports: 'user-import',
  refresh_tokens: 'auth',
  one_time_tokens: 'auth',
  audit_log: 'audit',
  payments: 'billing',
  bill_lines: 'billing',
  payment_cards: 'billing',
  invoices: 'billing',
  invoice_sequences: 'billing',
  payment_receipts: 'billing',
  payment_provider_events: 'billing',
  sites: 'sites',
  site_languages: 'sites',
  site_sns: 'sites',
  form_settings: 'sites',
  form_fields: 'sites',
  categories: 'sites',
  pages: 'sites',
  buttons: 'sites',
  products: 'sites',
  popup_ctas: 'sites',
  campaigns: 'sites',
  campaign_banners: 'sites',
  campaign_items: 'sites',
  site_publications: 'sites',
  site_members: 'enduser',
  form_submissions: 'enduser',
  surveys: 'surveys',
  survey_questions: 'surveys',
  survey_responses: 'surveys',
  notification_deliveries: 'deliveries',
  preview_shares: 'previewshare',
  analytics_events: 'analytics',
  analytics_events_default: 'analytics',
  analytics_site_settings: 'analytics',
  analytics_site_days: 'analytics',
  analytics_page_days: 'analytics',
  analytics_page_months: 'analytics',
  analytics_sessions: 'analytics',
  analytics_move_days: 'analytics',
  analytics_tap_days: 'analytics',
  analytics_utm_days: 'analytics',
  analytics_referrer_days: 'analytics',
  analytics_salts: 'analytics',
  analytics_visits: 'analytics',
  analytics_variation_days: 'analytics',
  experiments: 'experiments',
  experiment_variations: 'experiments',
  media: 'media',
  bulk_uploads: 'media',
  news: 'notices',
  system_notifications: 'notices',
  system_notification_reads: 'notices',
  api_settings: 'integrations',
  webhook_messages: 'integrations',
  webhook_deliveries: 'integrations',
  mail_outbox: 'mail',
  jobs: 'platform',
  app_secrets: 'platform',
};

/**
 * `reader reads table`: a module's SQL that joins a table of a module below it, each for a query that must see both
 * in one pass (a sorted, paged list; a run over every account). Never a write.
 */
const READS = new Set<string>([
  // the user list sorts and filters by plan and parent; the history names its executors and plans
  'users reads accounts',
  'users reads plans',
  'users reads contract_history',
  // plans held per version, whether one was ever used, the plan in force (history) per account, the governing plan
  'plans reads accounts',
  'plans reads contract_history',
  // the site a member, a form answer or a survey answer belongs to (leads lists)
  'enduser reads sites',
  'surveys reads sites',
]);

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const files = walk(SRC).map((abs) => ({ abs, rel: path.relative(SRC, abs).split(path.sep).join('/') }));
const parsed = new Map(files.map((f) => [f.rel, ts.createSourceFile(f.abs, fs.readFileSync(f.abs, 'utf8'), ts.ScriptTarget.Latest, true)]));

function isTest(rel: string): boolean {
  return /\.test\.tsx?$/.test(rel) || rel.startsWith('test/');
}
/** A repo file: `<dir>/repo.ts` or `<dir>/repo/<part>.ts` (a module's, or the platform's jobs/repo.ts). */
function isRepo(rel: string): boolean {
  return /(^|\/)repo\.ts$/.test(rel) || /(^|\/)repo\/[^/]+\.ts$/.test(rel);
}
function mayHoldSql(rel: string): boolean {
  return isRepo(rel) || rel.startsWith('db/') || isTest(rel);
}

const SQL: [RegExp, string][] = [
  [/\bSELECT\s+[\w*$('"]/, 'SELECT'],
  [/\bINSERT\s+INTO\b/i, 'INSERT INTO'],
  [/\bUPDATE\s+[\w."]+\s+(?:AS\s+)?(?:\w+\s+)?SET\b/i, 'UPDATE … SET'],
  [/\bDELETE\s+FROM\b/i, 'DELETE FROM'],
  [/\bWITH\s+(?:RECURSIVE\s+)?\w+\s*(?:\([^)]*\))?\s+AS\s*(?:MATERIALIZED\s+)?\(/i, 'WITH … AS'],
];

/** String and template literal texts with their line numbers. */
function literals(sf: ts.SourceFile): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' … ');
    if (text !== undefined) {
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent))
        out.push({ line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
      if (ts.isTemplateExpression(node)) for (const s of node.templateSpans) visit(s.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Module of a file under modules/<name>/, or null (platform files, modules/index.ts, modules/module.ts). */
function moduleOf(rel: string): string | null {
  const m = /^modules\/([^/]+)\//.exec(rel);
  return m ? (m[1] ?? null) : null;
}

interface Import {
  from: string;
  line: number;
  target: string;
}
function importsOf(rel: string, sf: ts.SourceFile): Import[] {
  const out: Import[] = [];
  const dir = path.posix.dirname(rel);
  const add = (spec: string, node: ts.Node) => {
    if (!spec.startsWith('.')) return;
    const target = path.posix.normalize(path.posix.join(dir, spec)).replace(/\.js$/, '.ts');
    out.push({ from: rel, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, target });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      add(node.moduleSpecifier.text, node);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const a = node.arguments[0];
      if (a && ts.isStringLiteral(a)) add(a.text, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function sqlFindings(): { file: string; message: string }[] {
  const out: { file: string; message: string }[] = [];
  for (const [rel, sf] of parsed) {
    if (mayHoldSql(rel)) continue;
    for (const { line, text } of literals(sf)) {
      const hit = SQL.find(([re]) => re.test(text));
      if (hit) out.push({ file: rel, message: `${rel}:${line}: SQL (${hit[1]}) outside a repo file: move it to its owner's repo` });
    }
  }
  return out;
}

/** Every import of a non-test module file that reaches into another module. */
function* moduleImports() {
  for (const [rel, sf] of parsed) {
    const mine = moduleOf(rel);
    if (!mine || isTest(rel)) continue;
    for (const imp of importsOf(rel, sf)) {
      const theirs = moduleOf(imp.target);
      if (theirs && theirs !== mine) yield { rel, mine, theirs, imp };
    }
  }
}

function crossImports(): { key: string; message: string }[] {
  const out: { key: string; message: string }[] = [];
  for (const { rel, theirs, imp } of moduleImports()) {
    const file = imp.target.slice(`modules/${theirs}/`.length);
    if (file === 'service.ts' || imp.target === 'modules/accounts/actor.ts') continue;
    out.push({
      key: `${rel} -> ${imp.target}`,
      message: `${rel}:${imp.line}: imports ${imp.target}: another module is reached only through its service.ts`,
    });
  }
  return out;
}

function moduleCycles(): { key: string; message: string }[] {
  const edges = new Map<string, Map<string, string>>();
  for (const { rel, mine, theirs, imp } of moduleImports()) {
    const m = edges.get(mine) ?? new Map<string, string>();
    if (!m.has(theirs)) m.set(theirs, `${rel}:${imp.line}`);
    edges.set(mine, m);
  }
  // Tarjan's strongly connected components: every component of more than one module is a cycle.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const comps: string[][] = [];
  const strong = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) ?? 0, idx.get(w) ?? 0));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
        on.delete(w);
        comp.push(w);
        if (w === v) break;
      }
      if (comp.length > 1) comps.push(comp.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) strong(v);
  return comps.map((c) => {
    const via = c.flatMap((a) => c.filter((b) => edges.get(a)?.has(b)).map((b) => `${a} -> ${b} (${edges.get(a)?.get(b)})`));
    return { key: c.join(' <-> '), message: `module cycle ${c.join(' <-> ')}: ${via.join('; ')}` };
  });
}

const WRITE = /\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+([a-z_][a-z0-9_]*)\b/g;
const READ = /\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)\b/g;

/** Tables the migrations create. */
function migrationTables(): string[] {
  const dir = path.join(SRC, 'db/migrations');
  const out = new Set<string>();
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.sql')))
    for (const m of fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/CREATE TABLE(?: IF NOT EXISTS)? ([a-z_][a-z0-9_]*)/gi))
      out.add((m[1] as string).toLowerCase());
  return [...out].sort();
}

/** Modules each module reaches through its imports (transitively). */
function reachable(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { mine, theirs } of moduleImports()) {
    const e = edges.get(mine) ?? new Set<string>();
    e.add(theirs);
    edges.set(mine, e);
  }
  const out = new Map<string, Set<string>>();
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const todo = [...(edges.get(start) ?? [])];
    for (let m = todo.pop(); m !== undefined; m = todo.pop()) {
      if (seen.has(m)) continue;
      seen.add(m);
      todo.push(...(edges.get(m) ?? []));
    }
    out.set(start, seen);
  }
  return out;
}

/** Every table named by SQL in a module's files that the module does not own and may not touch there. */
function tableFindings(): { key: string; message: string }[] {
  const below = reachable();
  const out: { key: string; message: string }[] = [];
  for (const [rel, sf] of parsed) {
    const mine = moduleOf(rel);
    if (!mine || isTest(rel)) continue;
    for (const { line, text } of literals(sf)) {
      const written = new Set([...text.matchAll(WRITE)].map((m) => m[1] as string).filter((t) => t in OWNERS));
      for (const t of written)
        if (OWNERS[t] !== mine)
          out.push({
            key: `${rel}: writes ${t}`,
            message: `${rel}:${line}: writes ${t}, a table of ${OWNERS[t]}: call ${OWNERS[t]}'s service`,
          });
      for (const m of text.matchAll(READ)) {
        const t = m[1] as string;
        const owner = OWNERS[t];
        if (!owner || owner === mine || written.has(t)) continue;
        const pair = `${mine} reads ${t}`;
        if (!READS.has(pair))
          out.push({
            key: `${rel}: ${pair}`,
            message: `${rel}:${line}: reads ${t}, a table of ${owner}: call its service (or list "${pair}" in READS)`,
          });
        else if (!below.get(mine)?.has(owner))
          out.push({
            key: `${rel}: ${pair}`,
            message: `${rel}:${line}: reads ${t} of ${owner}, a module ${mine} does not import: reads go down only`,
          });
      }
    }
  }
  return out;
}

/** Fails on every finding not on the allow-list (file: line: what); prints list entries that are clean now. */
function expectOnlyListed(found: { key: string; message: string }[], allowed: Set<string>, list: string): void {
  const keys = new Set(found.map((f) => f.key));
  const clean = [...allowed].filter((a) => !keys.has(a));
  if (clean.length > 0) console.info(`${list}: listed but clean now, remove from the list:\n  ${clean.join('\n  ')}`);
  const bad = found.filter((f) => !allowed.has(f.key)).map((f) => f.message);
  expect(bad, bad.join('\n')).toEqual([]);
}

describe('module ownership', () => {
  it('has SQL only in repo files, db/, migrations and tests', () => {
    expectOnlyListed(
      sqlFindings().map((f) => ({ key: f.file, message: f.message })),
      SQL_TO_MOVE,
      'SQL_TO_MOVE',
    );
  });

  it('reaches another module only through its service.ts (accounts/actor.ts excepted)', () => {
    expectOnlyListed(crossImports(), IMPORTS_TO_FIX, 'IMPORTS_TO_FIX');
  });

  it('has no import cycle between modules', () => {
    expectOnlyListed(moduleCycles(), CYCLES_TO_BREAK, 'CYCLES_TO_BREAK');
  });

  it('names repos one way: repo.ts and repo/<part>.ts, never *.repo.ts', () => {
    const odd = files.map((f) => f.rel).filter((rel) => rel.startsWith('modules/') && rel.endsWith('.repo.ts'));
    expect(odd, 'rename to repo/<part>.ts').toEqual([]);
  });

  it('gives every table one owning module, listed once', () => {
    const unowned = migrationTables().filter((t) => !(t in OWNERS));
    expect(unowned, 'add the table to OWNERS here and to docs/architecture.md').toEqual([]);
    const modules = new Set(files.map((f) => moduleOf(f.rel)).filter((m): m is string => m !== null));
    const ghosts = Object.entries(OWNERS).filter(([, m]) => m !== 'platform' && !modules.has(m));
    expect(ghosts).toEqual([]);
  });

  it('lets only the owner write a table, and others read it only where listed and down the import graph', () => {
    const found = tableFindings();
    const used = new Set(found.map((f) => f.key.split(': ')[1]));
    expect(found.map((f) => f.message)).toEqual([]);
    // a listed read nobody makes any more comes out of the list
    const reads = new Set<string>();
    for (const [rel, sf] of parsed) {
      const mine = moduleOf(rel);
      if (!mine || isTest(rel)) continue;
      for (const { text } of literals(sf))
        for (const m of text.matchAll(READ))
          if (OWNERS[m[1] as string] && OWNERS[m[1] as string] !== mine) reads.add(`${mine} reads ${m[1]}`);
    }
    expect([...READS].filter((r) => !reads.has(r) && !used.has(r))).toEqual([]);
  });

  it('recognises table reads and writes in SQL', () => {
    const names = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => m[1]);
    expect(names(WRITE, 'UPDATE accounts a SET x = 1 FROM c WHERE a.id = c.id')).toEqual(['accounts']);
    expect(names(WRITE, 'INSERT INTO plans (name) VALUES ($1) ON CONFLICT (id) DO UPDATE SET name = $1')).toEqual(['plans']);
    expect(names(READ, 'SELECT 1 FROM contract_history h JOIN accounts x ON x.id = h.executor_id')).toEqual([
      'contract_history',
      'accounts',
    ]);
    expect(names(READ, 'Select a site from the list')).toEqual([]);
  });

  it('recognises SQL and leaves prose alone', () => {
    const probe = (text: string) => SQL.some(([re]) => re.test(text));
    expect(probe('SELECT id FROM sites WHERE id = $1')).toBe(true);
    expect(probe('insert into jobs (kind) values ($1)')).toBe(true);
    expect(probe('UPDATE mail_outbox SET status = $2')).toBe(true);
    expect(probe('DELETE FROM pages WHERE site_id = $1')).toBe(true);
    expect(probe('WITH RECURSIVE tree(id) AS (SELECT 1)')).toBe(true);
    expect(probe('Select a site from the list')).toBe(false);
    expect(probe('Please update your settings')).toBe(false);
  });
});
