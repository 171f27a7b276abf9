import { afterAll, describe, expect, it } from 'vitest';
import { readinessOf } from '../../lib/readiness.js';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';
import { slowRequest, waitFor } from '../../test/slow.js';

// Liveness (the process answers) apart from readiness (it should get traffic): the load balancer example in
// docs/nginx.example.conf and an orchestrator's probes use them.
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.drop().catch(() => {});
});

describe('health probes', () => {
  it('ready needs the database, every migration and a worker that goes round; live needs only the process', async () => {
    const s = await startTestServer({ runWorker: true });
    servers.push(s);
    for (const base of [s.adminUrl, s.sitesUrl]) {
      expect((await http(base, 'GET', '/api/v1/health/live')).body).toEqual({ status: 'ok' });
      const ready = await http(base, 'GET', '/api/v1/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', worker: 'ok', shutting_down: false });
    }
    // a database one migration behind this version (a newer process started before it migrated)
    const last = await s.ctx.db.one<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
    await s.ctx.db.query('DELETE FROM schema_migrations WHERE name = $1', [last.name]);
    const behind = await http(s.adminUrl, 'GET', '/api/v1/health/ready');
    expect(behind.status).toBe(503);
    expect(behind.body).toMatchObject({ status: 'unavailable', migrations: 'pending', database: 'ok' });
    await s.ctx.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last.name]);
    expect((await http(s.adminUrl, 'GET', '/api/v1/health/ready')).status).toBe(200);
    // a worker that has not gone round its loop within the allowed time
    const r = readinessOf(s.ctx);
    const allowed = r.staleAfterMs;
    r.staleAfterMs = -1;
    const stale = await http(s.sitesUrl, 'GET', '/api/v1/health/ready');
    expect(stale.status).toBe(503);
    expect(stale.body).toMatchObject({ worker: 'stale' });
    r.staleAfterMs = allowed;
    // the existing probe keeps its answer
    expect((await http(s.adminUrl, 'GET', '/api/v1/health')).body).toEqual({ status: 'ok', database: s.ctx.db.kind });
  });

  it('a process without a worker is ready with worker off; shutting down, it is live but not ready', async () => {
    const s = await startTestServer();
    servers.push(s);
    expect((await http(s.adminUrl, 'GET', '/api/v1/health/ready')).body).toMatchObject({ status: 'ready', worker: 'off' });
    const port = Number(new URL(s.adminUrl).port);
    // a request in flight keeps the process draining while the probes are asked
    const slow = await slowRequest(
      port,
      'POST',
      '/api/v1/auth/login',
      JSON.stringify({ email: 'nobody@example.test', password: 'Whatever-1#' }),
    );
    const stopped = s.stop();
    const ready = await waitFor('not ready', async () => {
      const r = await http(s.adminUrl, 'GET', '/api/v1/health/ready');
      return r.status === 503 ? r : undefined;
    });
    expect(ready.body).toMatchObject({ status: 'unavailable', shutting_down: true, database: 'ok' });
    expect(await http(s.adminUrl, 'GET', '/api/v1/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await http(s.adminUrl, 'GET', '/api/v1/health')).status).toBe(503);
    await slow.finish();
    await stopped;
  });
});
