import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { waitFor } from './slow.js';

// Real processes for the tests of a deployment: the server (`npm start`'s entry), the worker (`npm run worker`), the
// CLI, and nginx from Debian with the example configuration of docs/nginx.example.conf.

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');
export const NGINX = '/usr/sbin/nginx';

/** A child process whose output is kept (the last 8 kB) to say why it failed. */
export interface Proc {
  name: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** how stopProc ends it unless told otherwise (SIGKILL) */
  stopSignal?: NodeJS.Signals;
}

export function startProc(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(cmd, args, { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', (code, signal) => r(code ?? (signal ? -1 : null))));
  return { name, child, output: () => out, exited };
}

/** A node entry of the server (`apps/server/src/<entry>`) through tsx, as the npm scripts run it. */
export function startNode(name: string, entry: string, env: NodeJS.ProcessEnv, args: string[] = []): Proc {
  return startProc(name, process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src', entry), ...args], env);
}

/** The processes `pid` started that are still running (Linux: /proc), for a test that none outlives it. */
export function childPids(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Whether a process of that id is running (a zombie counts as gone). */
export function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

export function stopProc(p: Proc | undefined, signal?: NodeJS.Signals): void {
  if (p && p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal ?? p.stopSignal ?? 'SIGKILL');
}

export interface NginxPorts {
  listen: number;
  tls: number;
  admin: number[];
  sites: number[];
}

/**
 * docs/nginx.example.conf as a deployment uses it, with this machine's ports and a throwaway certificate in place of
 * the example's addresses and paths; `X-Upstream` added to every answer so a test knows which process gave it.
 */
export function nginxSiteConf(example: string, p: NginxPorts, certDir: string): string {
  const upstream = (name: string, ports: number[]) => {
    const re = new RegExp(`(upstream ${name} \\{\\n)((?:\\s*#.*\\n)*)((?:\\s*server [^\\n]+\\n)+)`);
    if (!re.test(example)) throw new Error(`nginx example: no upstream ${name} with server lines`);
    return (conf: string) =>
      conf.replace(re, (_m, head: string, comments: string, servers: string) => {
        const opts = /server \S+ ([^;]*);/.exec(servers)?.[1] ?? '';
        return `${head}${comments}${ports.map((port) => `    server 127.0.0.1:${port} ${opts};\n`).join('')}`;
      });
  };
  let conf = upstream('swipe_admin', p.admin)(upstream('swipe_sites', p.sites)(example));
  conf = conf
    .replace(/listen 80( default_server)?;/g, `listen 127.0.0.1:${p.listen}$1;`)
    .replace(/listen 443 ssl( http2)?( default_server)?;/g, `listen 127.0.0.1:${p.tls} ssl$2;`)
    .replace(/ssl_certificate (\S+);/g, `ssl_certificate ${certDir}/cert.pem;`)
    .replace(/ssl_certificate_key (\S+);/g, `ssl_certificate_key ${certDir}/key.pem;`)
    .replace(/(proxy_pass [^;]+;)/g, '$1\n        add_header X-Upstream $upstream_addr always;');
  if (!conf.includes(`127.0.0.1:${p.listen}`) || !conf.includes('X-Upstream')) throw new Error('nginx example: unexpected shape');
  return conf;
}

/** nginx in the foreground with its own prefix, pid, logs and temporary folders under `dir`. */
export async function startNginx(dir: string, siteConf: string): Promise<Proc> {
  for (const d of ['logs', 'tmp', 'certs']) fs.mkdirSync(path.join(dir, d), { recursive: true });
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=sites.example.com',
      '-keyout',
      `${dir}/certs/key.pem`,
      '-out',
      `${dir}/certs/cert.pem`,
    ],
    { stdio: 'ignore' },
  );
  fs.writeFileSync(path.join(dir, 'swipe.conf'), siteConf);
  const root = process.getuid?.() === 0;
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      root ? 'user root;' : '',
      'worker_processes 1;',
      `error_log ${dir}/logs/error.log warn;`,
      `pid ${dir}/nginx.pid;`,
      'events { worker_connections 512; }',
      'http {',
      `  access_log ${dir}/logs/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/tmp/${t};`),
      `  include ${dir}/swipe.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  execFileSync(NGINX, ['-t', '-q', '-p', dir, '-e', `${dir}/logs/error.log`, '-c', `${dir}/nginx.conf`], { stdio: 'pipe' });
  const proc = startProc(
    'nginx',
    NGINX,
    ['-p', dir, '-e', `${dir}/logs/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'],
    process.env,
  );
  // SIGTERM: the master stops its workers and exits after them (killed, it left its worker running, parent 1)
  proc.stopSignal = 'SIGTERM';
  return proc;
}

/** Waits until `url` answers `status` (state, never a fixed sleep), failing at once if the process left. */
export async function waitUp(p: Proc, url: string, headers: Record<string, string> = {}, ms = 120_000): Promise<void> {
  let left = false;
  p.exited.then(() => {
    left = true;
  });
  await waitFor(
    `${p.name} at ${url}`,
    async () => {
      if (left) throw Object.assign(new Error(`${p.name} left:\n${p.output()}`), { fatal: true });
      const r = await fetch(url, { headers, signal: AbortSignal.timeout(5000) }).catch(() => null);
      return r?.status === 200 ? true : undefined;
    },
    ms,
  ).catch((e: Error) => {
    throw new Error(`${e.message}\n${p.name} said:\n${p.output()}`);
  });
}
