// --hosted: each request acts as its logged-in seller only — its identity, its refresh token, its region; nobody else's.
import { runAsHostedUser } from '@obmcp/mcp-server/hosted';
import { callTool } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSp, US } from './helpers.js';

const alice = { subject: 'sp:A1MOCKALICE', account: 'A1MOCKALICE', secret: 'Atzr|mock-alice-refresh' };
/** A refresh token the mock LWA refuses (invalid_grant): Bob's calls fail where Alice's succeed. */
const bob = { subject: 'sp:A2MOCKBOB', account: 'A2MOCKBOB', secret: 'Atzr|revoked-bob-refresh' };

describe('hosted users in one sp-mcp', () => {
  let sp: Awaited<ReturnType<typeof startSp>>;
  beforeAll(async () => {
    sp = await startSp({ SP_API_IDENTITIES_FILE: undefined });
  });
  afterAll(() => sp.close());

  it('lists only the request’s own identity, named by its subject and selling partner', async () => {
    const listed = await runAsHostedUser(alice, () => callTool(sp.client, 'list_identities', {}));
    expect(listed.result?.activeIdentityId).toBe('sp:A1MOCKALICE');
    expect(listed.result?.identities).toEqual([
      expect.objectContaining({ id: 'sp:A1MOCKALICE', sellerId: 'A1MOCKALICE' }),
    ]);
    expect(JSON.stringify(listed.result)).not.toContain('Atzr|');
  });

  it('refuses switching to another user’s identity', async () => {
    const switched = await runAsHostedUser(alice, () =>
      callTool(sp.client, 'set_active_identity', { identityId: 'sp:A2MOCKBOB' }),
    );
    expect(switched.envelope?.error_code).toBe('SCHEMA_IDENTITY_NOT_FOUND');
  });

  it('switches to every identity list_identities returns (a selling partner id as long as login allows)', async () => {
    const longest = { ...alice, subject: `sp:${'A'.repeat(100)}`, account: 'A'.repeat(100) };
    for (const user of [alice, bob, longest]) {
      const listed = await runAsHostedUser(user, () => callTool(sp.client, 'list_identities', {}));
      const ids = ((listed.result?.identities ?? []) as { id: string }[]).map((i) => i.id);
      expect(ids).toEqual([user.subject]);
      for (const identityId of ids) {
        const switched = await runAsHostedUser(user, () =>
          callTool(sp.client, 'set_active_identity', { identityId }),
        );
        expect(switched.envelope).toBeUndefined();
        expect(switched.result?.activeIdentityId).toBe(identityId);
      }
    }
  });

  it('still refuses ids no listing can return', async () => {
    for (const identityId of ['sp:', 'ads:A1', 'sp:A1 B', `sp:${'A'.repeat(101)}`, 'x'.repeat(65)]) {
      const switched = await runAsHostedUser(alice, () =>
        callTool(sp.client, 'set_active_identity', { identityId }),
      );
      expect(switched.envelope?.error_kind).toBe('mcp_input_validation');
    }
  });

  it('calls SP-API with each user’s own refresh token', async () => {
    const args = { marketplaceIds: [US], createdAfter: '2026-03-01T00:00:00Z' };
    const a = await runAsHostedUser(alice, () => callTool(sp.client, 'get_orders', args));
    expect(a.envelope).toBeUndefined();
    const b = await runAsHostedUser(bob, () => callTool(sp.client, 'get_orders', args));
    expect(b.envelope?.error_kind).toBe('auth_error');
    // Canary: neither user's refresh token shows in the refusal or in any log line.
    expect(JSON.stringify(b)).not.toContain(bob.secret);
    expect(sp.stderr()).not.toContain(bob.secret);
    expect(sp.stderr()).not.toContain(alice.secret);
    const again = await runAsHostedUser(alice, () => callTool(sp.client, 'get_orders', args));
    expect(again.envelope).toBeUndefined();
  });

  it('keeps each user’s region choice to that user', async () => {
    await runAsHostedUser(alice, () => callTool(sp.client, 'set_region', { region: 'eu' }));
    const bobRegion = await runAsHostedUser(bob, () => callTool(sp.client, 'get_region', {}));
    expect(bobRegion.result?.region).toBe('na');
    const aliceRegion = await runAsHostedUser(alice, () => callTool(sp.client, 'get_region', {}));
    expect(aliceRegion.result?.region).toBe('eu');
  });
});

describe('hosted users through Code Mode', () => {
  let sp: Awaited<ReturnType<typeof startSp>>;
  beforeAll(async () => {
    sp = await startSp({ CODE_MODE: 'on' });
  });
  afterAll(() => sp.close());

  it('a script’s tool calls run as the user who called execute', async () => {
    const code = "const r = await call_tool('list_identities', {}); return r.activeIdentityId;";
    const a = await runAsHostedUser(alice, () => callTool(sp.client, 'execute', { code }));
    expect(a.result?.result).toBe('sp:A1MOCKALICE');
    const b = await runAsHostedUser(bob, () => callTool(sp.client, 'execute', { code }));
    expect(b.result?.result).toBe('sp:A2MOCKBOB');
  });
});

describe('hosted users’ rate budgets', () => {
  let sp: Awaited<ReturnType<typeof startSp>>;
  beforeAll(async () => {
    sp = await startSp({ OBMCP_MOCK_THROTTLE: 'documented' });
  });
  afterAll(() => sp.close());

  it('one seller spending their getOrders burst leaves the other seller’s budget whole', async () => {
    const carol = { subject: 'sp:A3CAROL', account: 'A3CAROL', secret: 'Atzr|mock-carol-refresh' };
    const args = { marketplaceIds: [US], createdAfter: '2026-03-01T00:00:00Z' };
    let limited: string | undefined;
    for (let i = 0; i < 40 && limited === undefined; i++) {
      const call = await runAsHostedUser(alice, () => callTool(sp.client, 'get_orders', args));
      limited = call.envelope?.error_kind;
    }
    expect(limited).toBe('rate_limited');
    const other = await runAsHostedUser(carol, () => callTool(sp.client, 'get_orders', args));
    expect(other.envelope).toBeUndefined();
  });
});
