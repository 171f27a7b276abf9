import type { AccountType } from '@swipe/core';
import { japanDay } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { addMonths } from './service.js';

// Contract transitions (back-office.md 4): every action from every state, the minimum period (from the start, or
// from the creation without one) and who may override it, delete with its subtree, and the history row of each change.

let s: TestServer;
let base: string;
let root: AccountRow;
let master: string;
let n = 0;

beforeAll(async () => {
  s = await startTestServer();
  base = s.adminUrl;
  root = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@contracts.test', companyName: 'Platform' });
  master = (await login(base, root.email)).access;
});
afterAll(async () => {
  await s?.drop();
});

const today = () => japanDay(new Date());
const dayOffset = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** An account; created 800 days ago unless `createdDaysAgo` says otherwise (the minimum counts from it without a start). */
async function account(
  o: { status?: string; type?: AccountType; parent?: AccountRow; start?: string | null; end?: string | null; createdDaysAgo?: number } = {},
): Promise<AccountRow> {
  n++;
  const row = await makeAccount(s.ctx, {
    parentId: (o.parent ?? root).id,
    type: o.type ?? 'MASTER_USER',
    email: `a${n}@contracts.test`,
    companyName: `Company ${n}`,
    contractStart: o.start ?? null,
    contractEnd: o.end ?? null,
  });
  if (o.status) await s.ctx.db.query('UPDATE accounts SET contract_status = $2 WHERE id = $1', [row.id, o.status]);
  await s.ctx.db.query('UPDATE accounts SET created_at = $2 WHERE id = $1', [
    row.id,
    new Date(Date.now() - (o.createdDaysAgo ?? 800) * 86_400_000),
  ]);
  return row;
}

const state = (id: number) =>
  s.ctx.db.one<{ contract_status: string; deleted_at: string | null }>('SELECT contract_status, deleted_at FROM accounts WHERE id = $1', [
    id,
  ]);
const history = (id: number) =>
  s.ctx.db.query<{ executor_id: number | null; process_content: string; from_status: string | null; to_status: string | null }>(
    'SELECT executor_id, process_content, from_status, to_status FROM contract_history WHERE account_id = $1 ORDER BY id',
    [id],
  );

type Act = 'pause' | 'resume' | 'terminate' | 'delete';
type Answer = { code: string; message: string; contract_status?: string };
function act(token: string, id: number, action: Act, override?: boolean) {
  if (action === 'delete') return http<Answer>(base, 'DELETE', `/api/v1/user/${id}`, { token, lang: 'en' });
  return http<Answer>(base, 'PUT', `/api/v1/user/${id}/contract`, {
    token,
    lang: 'en',
    body: override === undefined ? { action } : { action, override },
  });
}

// from -> action -> the status it leads to, or 409
const MATRIX: Record<string, Record<Act, string | 409>> = {
  ACTIVE: { pause: 'SUSPENDED', resume: 409, terminate: 'TERMINATED', delete: 'DELETED' },
  SUSPENDED: { pause: 409, resume: 'ACTIVE', terminate: 'TERMINATED', delete: 'DELETED' },
  INACTIVE: { pause: 409, resume: 409, terminate: 'TERMINATED', delete: 'DELETED' },
  TERMINATED: { pause: 409, resume: 409, terminate: 409, delete: 'DELETED' },
};

describe('every action from every state', () => {
  for (const [from, actions] of Object.entries(MATRIX))
    for (const [action, expected] of Object.entries(actions) as [Act, string | 409][])
      it(`${action} from ${from}: ${expected === 409 ? '409 INVALID_TRANSITION, nothing changes' : expected}`, async () => {
        const a = await account({ status: from });
        const r = await act(master, a.id, action);
        const after = await state(a.id);
        const rows = await history(a.id);
        if (expected === 409) {
          expect(r.status).toBe(409);
          expect(r.body.code).toBe('INVALID_TRANSITION');
          expect(r.body.message).toBe("This contract change is not possible in the account's current state.");
          expect(after).toEqual({ contract_status: from, deleted_at: null });
          expect(rows).toEqual([]);
          return;
        }
        expect(r.status).toBe(200);
        if (expected === 'DELETED') {
          expect(after.contract_status).toBe(from);
          expect(after.deleted_at).not.toBeNull();
          expect(rows).toEqual([{ executor_id: root.id, process_content: 'deleted', from_status: from, to_status: from }]);
          expect((await http(base, 'GET', `/api/v1/user/${a.id}`, { token: master })).status).toBe(404);
          return;
        }
        expect(r.body.contract_status).toBe(expected);
        expect(after).toEqual({ contract_status: expected, deleted_at: null });
        const content: Record<Act, string> = { pause: 'paused', resume: 'resumed', terminate: 'terminated', delete: 'deleted' };
        expect(rows).toEqual([{ executor_id: root.id, process_content: content[action], from_status: from, to_status: expected }]);
      });

  it('terminated is permanent: it never resumes, and its information is read-only', async () => {
    const a = await account();
    expect((await act(master, a.id, 'terminate')).status).toBe(200);
    for (const action of ['resume', 'pause', 'terminate'] as const) expect((await act(master, a.id, action, true)).status).toBe(409);
    const edit = await http<{ code: string }>(base, 'PUT', `/api/v1/user/${a.id}`, { token: master, body: { company_name: 'Again' } });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('ACCOUNT_TERMINATED');
    expect((await state(a.id)).contract_status).toBe('TERMINATED');
  });

  it('resume outside the contract dates leads to INACTIVE', async () => {
    const a = await account({ status: 'SUSPENDED', start: dayOffset(-400), end: dayOffset(-1) });
    const r = await act(master, a.id, 'resume');
    expect(r.status).toBe(200);
    expect(r.body.contract_status).toBe('INACTIVE');
    expect(await history(a.id)).toEqual([
      { executor_id: root.id, process_content: 'resumed', from_status: 'SUSPENDED', to_status: 'INACTIVE' },
    ]);
  });

  it('an unknown action or a wrong type is 400/422, never 500', async () => {
    const a = await account();
    const bad = await http(base, 'PUT', `/api/v1/user/${a.id}/contract`, { token: master, body: { action: 'explode' } });
    expect([400, 422]).toContain(bad.status);
    const wrong = await http(base, 'PUT', `/api/v1/user/${a.id}/contract`, { token: master, body: { action: 'pause', override: 'yes' } });
    expect(wrong.status).toBe(400);
    expect((await state(a.id)).contract_status).toBe('ACTIVE');
  });
});

describe('the 12-month minimum contract period', () => {
  it('refuses termination before start + 12 months with the earliest date; the platform master may override', async () => {
    const start = addMonths(today(), -1);
    const a = await account({ start, end: dayOffset(700) });
    const r = await act(master, a.id, 'terminate');
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('CONTRACT_MINIMUM_PERIOD');
    expect(r.body.message).toContain(addMonths(start, 12));
    const ja = await http<{ message: string }>(base, 'PUT', `/api/v1/user/${a.id}/contract`, {
      token: master,
      lang: 'ja',
      body: { action: 'terminate' },
    });
    expect(ja.body.message).toContain('最低契約期間');
    expect(await state(a.id)).toEqual({ contract_status: 'ACTIVE', deleted_at: null });
    expect(await history(a.id)).toEqual([]);
    const o = await act(master, a.id, 'terminate', true);
    expect(o.status).toBe(200);
    expect(await history(a.id)).toEqual([
      { executor_id: root.id, process_content: 'terminated_override', from_status: 'ACTIVE', to_status: 'TERMINATED' },
    ]);
  });

  it('without a start date it counts from the creation (a day in Japan): refused unless the master overrides', async () => {
    const a = await account({ createdDaysAgo: 30 });
    const created = japanDay(Date.now() - 30 * 86_400_000);
    const r = await act(master, a.id, 'terminate');
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('CONTRACT_MINIMUM_PERIOD');
    expect(r.body.message).toContain(addMonths(created, 12));
    expect(await state(a.id)).toEqual({ contract_status: 'ACTIVE', deleted_at: null });
    expect((await act(master, a.id, 'terminate', false)).status).toBe(422);
    expect((await act(master, a.id, 'terminate', true)).status).toBe(200);
    expect((await history(a.id)).map((h) => h.process_content)).toEqual(['terminated_override']);
    // created 13 months ago without dates: past the minimum
    const old = await account({ createdDaysAgo: 400 });
    expect((await act(master, old.id, 'terminate')).status).toBe(200);
  });

  it('from start + 12 months on, termination needs no override', async () => {
    const a = await account({ start: addMonths(today(), -12) });
    expect((await act(master, a.id, 'terminate')).status).toBe(200);
    expect((await history(a.id))[0]?.process_content).toBe('terminated');
  });

  it("only the platform master overrides: not an OEM master, not the master's own staff", async () => {
    const oem = await account({ type: 'OEM_MASTER' });
    const user = await account({ type: 'USER', parent: oem, start: addMonths(today(), -2) });
    const staff = await account({ type: 'SUB_ADMIN' });
    for (const who of [oem, staff]) {
      const token = (await login(base, who.email)).access;
      const r = await act(token, user.id, 'terminate', true);
      expect(r.status, who.type).toBe(403);
      expect(r.body.code).toBe('OVERRIDE_NOT_ALLOWED');
      expect((await act(token, user.id, 'terminate')).status, who.type).toBe(422);
    }
    expect(await state(user.id)).toEqual({ contract_status: 'ACTIVE', deleted_at: null });
    expect(await history(user.id)).toEqual([]);
  });
});

describe('who changes a contract', () => {
  it("a staff member never changes its owner's contract (resume, terminate with override); the owner's is unchanged", async () => {
    const shop = await account({ status: 'ACTIVE' });
    const editor = await account({ type: 'SUB_ADMIN', parent: shop });
    const token = (await login(base, editor.email)).access;
    for (const action of ['resume', 'terminate'] as const) expect((await act(token, shop.id, action, false)).status).toBe(403);
    const rootStaff = await account({ type: 'SUB_ADMIN' });
    const rt = (await login(base, rootStaff.email)).access;
    expect((await act(rt, root.id, 'terminate')).status).toBe(403);
    expect(await state(shop.id)).toEqual({ contract_status: 'ACTIVE', deleted_at: null });
    expect(await state(root.id)).toEqual({ contract_status: 'ACTIVE', deleted_at: null });
  });

  it("staff manage other staff only as the owner's main contact with edit authority (the admin settings entry)", async () => {
    const shop = await account();
    const staffOf = (role: 'EDITOR' | 'MAIN_CONTACT') =>
      makeAccount(s.ctx, { parentId: shop.id, type: 'SUB_ADMIN', email: `${role.toLowerCase()}${++n}@contracts.test`, staffRole: role });
    const editor = await staffOf('EDITOR');
    const main = await staffOf('MAIN_CONTACT');
    const fellow = await staffOf('EDITOR');
    const et = (await login(base, editor.email)).access;
    expect((await act(et, fellow.id, 'pause')).status).toBe(403);
    expect((await act(et, fellow.id, 'delete')).status).toBe(403);
    expect(await state(fellow.id)).toEqual({ contract_status: 'ACTIVE', deleted_at: null });
    const mt = (await login(base, main.email)).access;
    expect((await act(mt, fellow.id, 'pause')).status).toBe(200);
    const owner = (await login(base, shop.email)).access;
    expect((await act(owner, fellow.id, 'resume')).status).toBe(200);
    expect((await act(owner, fellow.id, 'delete')).status).toBe(200);
  });

  it('a view-authority staff member of the platform changes nothing', async () => {
    const viewer = await makeAccount(s.ctx, { parentId: root.id, type: 'SUB_ADMIN', email: 'viewer@contracts.test', authority: 'VIEW' });
    const a = await account();
    const token = (await login(base, viewer.email)).access;
    expect((await act(token, a.id, 'pause')).status).toBe(403);
    expect((await act(token, a.id, 'delete')).status).toBe(403);
    expect(await state(a.id)).toEqual({ contract_status: 'ACTIVE', deleted_at: null });
  });
});

describe('delete', () => {
  it('takes the whole subtree, a history row each; every session ends', async () => {
    const oem = await account({ type: 'OEM_MASTER' });
    const admin = await account({ type: 'OEM_ADMIN', parent: oem, status: 'SUSPENDED' });
    const user = await account({ type: 'USER', parent: admin });
    const staff = await account({ type: 'SUB_ADMIN', parent: oem });
    const other = await account({ type: 'OEM_MASTER' });
    const tokens = [await login(base, oem.email), await login(base, staff.email)];
    expect((await act(master, oem.id, 'delete')).status).toBe(200);
    for (const a of [oem, admin, user, staff]) {
      expect((await state(a.id)).deleted_at, a.email).not.toBeNull();
      expect((await history(a.id)).map((h) => h.process_content)).toEqual(['deleted']);
      const r = await http(base, 'POST', '/api/v1/auth/login', { body: { email: a.email, password: TEST_PASSWORD } });
      expect(r.status).toBe(401);
    }
    expect((await history(admin.id))[0]?.from_status).toBe('SUSPENDED');
    for (const t of tokens) {
      expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: t.access })).status).toBe(401);
      expect((await http(base, 'POST', '/api/v1/auth/refresh-token', { token: t.refresh })).status).toBe(401);
    }
    expect(await state(other.id)).toEqual({ contract_status: 'ACTIVE', deleted_at: null });
    // a deleted account's e-mail may be used again
    const again = await http(base, 'POST', '/api/v1/user', {
      token: master,
      body: { type: 'OEM_MASTER', email: oem.email, company_name: 'Again' },
    });
    expect(again.status).toBe(201);
  });
});
