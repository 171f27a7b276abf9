import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { EnduserState } from '@swipe/core';
import { pickDictionary } from '@swipe/i18n';
import { inlineJson, renderEnduser } from '@swipe/viewer/enduser/ssr.tsx';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';

// The HTML document of a visitor screen: server-rendered React, the enduser dictionary and state
// inlined, the `enduser` bundle and its CSS linked from the viewer build's manifest.

const ENTRY = 'src/enduser/client.tsx';

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
}
let cached: { file: string; mtime: number; assets: { js: string[]; css: string[]; preload: string[] } | null } | undefined;

/**
 * The bundle files of the enduser entry (null when the viewer has not been built with it), from the
 * manifest ctx.config.viewerManifest names (VIEWER_MANIFEST: development builds of the enduser entry alone).
 */
export function enduserAssets(ctx: AppContext): { js: string[]; css: string[]; preload: string[] } | null {
  const file = ctx.config.viewerManifest;
  let mtime = 0;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
  if (cached && cached.mtime === mtime && cached.file === file) return cached.assets;
  let assets: { js: string[]; css: string[]; preload: string[] } | null = null;
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
    const entry = manifest[ENTRY];
    if (entry) {
      const css = new Set(entry.css ?? []);
      const preload: string[] = [];
      const walk = (keys: string[] | undefined, seen: Set<string>) => {
        for (const k of keys ?? []) {
          if (seen.has(k)) continue;
          seen.add(k);
          const m = manifest[k];
          if (!m) continue;
          preload.push(m.file);
          for (const c of m.css ?? []) css.add(c);
          walk(m.imports, seen);
        }
      };
      walk(entry.imports, new Set());
      assets = { js: [entry.file], css: [...css], preload };
    }
  } catch {
    assets = null;
  }
  cached = { file, mtime, assets };
  return assets;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PageOptions {
  title: string;
  status?: number;
  /** operator HTML appended to the body (success-page scripts; sites origin only) */
  tailHtml?: string;
  robots?: string;
  faviconUrl?: string | null;
}

export function sendEnduserPage(ctx: AppContext, reply: FastifyReply, state: EnduserState, opts: PageOptions) {
  const dict = pickDictionary(state.lang, ['enduser', 'validation', 'common']);
  const body = renderEnduser(state, dict);
  const assets = enduserAssets(ctx);
  if (!assets) ctx.log.warn('viewer bundle without the enduser entry: visitor screens are not interactive (npm run build)');
  const base = '/_viewer/';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<meta name="robots" content="${esc(opts.robots ?? 'noindex')}">`,
    '<meta name="theme-color" content="#ffffff">',
    `<title>${esc(opts.title)}</title>`,
    opts.faviconUrl ? `<link rel="icon" href="${esc(opts.faviconUrl)}">` : '',
    ...(assets?.css ?? []).map((c) => `<link rel="stylesheet" href="${base}${esc(c)}">`),
    ...(assets?.preload ?? []).map((p) => `<link rel="modulepreload" href="${base}${esc(p)}">`),
  ].join('');
  const scripts = (assets?.js ?? []).map((j) => `<script type="module" src="${base}${esc(j)}"></script>`).join('');
  const html = `<!doctype html><html lang="${state.lang === 'kr' ? 'ko' : state.lang === 'cn' ? 'zh' : state.lang}"><head>${head}</head><body><div id="eu-root">${body}</div><script type="application/json" id="eu-state">${inlineJson(state)}</script><script type="application/json" id="eu-dict">${inlineJson(dict)}</script>${scripts}${opts.tailHtml ?? ''}</body></html>`;
  reply.status(opts.status ?? 200);
  reply.header('cache-control', 'no-store');
  if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', enduserCsp(ctx, opts.tailHtml ?? ''));
  reply.type('text/html; charset=utf-8');
  return reply.send(html);
}

/** The inline scripts of operator HTML (success-page tags), as CSP hash sources: exactly those run. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue;
    out.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return out;
}

/**
 * The CSP of the visitor screens (they had none with script-src). Our bundle from this
 * origin; on success pages the operator's conversion tags (sites origin only): their inline scripts by
 * hash and their external scripts over https. No other inline script runs, whatever the markup holds.
 */
export function enduserCsp(ctx: AppContext, operatorHtml: string): string {
  const admin = new URL(ctx.config.adminUrl).origin;
  const operator = operatorHtml ? [...inlineScriptHashes(operatorHtml), 'https:'] : [];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...operator].join(' '),
    `style-src 'self' 'unsafe-inline'${operatorHtml ? ' https:' : ''}`,
    `img-src 'self' data: blob: https:`,
    "font-src 'self' data: https:",
    `connect-src 'self'${operatorHtml ? ' https:' : ''}`,
    `frame-src 'self'${operatorHtml ? ' https:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self' ${admin}`,
  ].join('; ');
}
