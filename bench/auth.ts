import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { insertAccount } from '../apps/server/src/modules/accounts/repo.js';
import { startTestServer } from '../apps/server/src/test/helpers.js';
import { bareFastify, line, load } from './lib.js';

/** Requests/second for login, for GET user-info with a valid token, and for a bare Fastify route. */
export async function run(): Promise<void> {
  console.log(`\nAuth (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
  const s = await startTestServer();
  const bare = await bareFastify();
  try {
    const password = 'Bench-Passw0rd#';
    const hash = await hashPassword(password);
    await s.ctx.db.tx((q) => insertAccount(q, { parentId: null, type: 'MASTER', email: 'bench@bench.test', passwordHash: hash }));
    const loginRes = await fetch(`${s.adminUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@bench.test', password }),
    });
    const { access_token } = (await loginRes.json()) as { access_token: string };
    const b = await load(bare.url, { duration: 5 });
    // Login is argon2id-bound by design; the throttle counts failures only, so successes are measured.
    const l = await load(`${s.adminUrl}/api/v1/auth/login`, {
      method: 'POST',
      connections: 10,
      duration: 5,
      body: JSON.stringify({ email: 'bench@bench.test', password }),
      headers: { 'content-type': 'application/json' },
    });
    const u = await load(`${s.adminUrl}/api/v1/auth/user-info`, { duration: 5, headers: { authorization: `Bearer ${access_token}` } });
    line('bare Fastify route req/s', b.rps.toFixed(0));
    line('POST auth/login req/s (argon2id 19 MiB, t=2)', l.rps.toFixed(1));
    line('  login / bare', `${((l.rps / b.rps) * 100).toFixed(2)} %`);
    line('GET auth/user-info req/s (valid token)', u.rps.toFixed(0));
    line('  user-info / bare', `${((u.rps / b.rps) * 100).toFixed(1)} %`);
    line('  user-info p99 latency', `${u.p99} ms`);
    if (l.non2xx || u.non2xx) line('non-2xx answers (login, user-info)', `${l.non2xx}, ${u.non2xx}`);
  } finally {
    await bare.close();
    await s.drop();
  }
}
