// --hosted: each Openbridge user's calls go out with a JWT exchanged from their own API key, which no output ever shows.
import { runAsHostedUser } from '@obmcp/mcp-server/hosted';
import { callTool } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './harness.js';

const alice = { subject: 'openbridge:1.1', account: '1.1', secret: 'alice-key-1a2b:ALICE-SECRET-3c4d' };
/** A key the mock's authentication API refuses (401): Bob's calls fail where Alice's succeed. */
const bob = { subject: 'openbridge:2.2', account: '2.2', secret: 'revoked-bob:BOB-SECRET-5e6f' };

describe('hosted users in one openbridge-mcp', () => {
  let ob: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    ob = await start();
  });
  afterAll(() => ob.close());

  it('exchanges each user’s own key (and never shows it)', async () => {
    const a = await runAsHostedUser(alice, () =>
      callTool(ob.client, 'get_jobs', { subscription_id: 107003 }),
    );
    expect(a.envelope, JSON.stringify(a.envelope)).toBeUndefined();
    const b = await runAsHostedUser(bob, () => callTool(ob.client, 'get_jobs', { subscription_id: 107003 }));
    expect(b.envelope?.error_kind).toBe('auth_error');
    expect(JSON.stringify(b)).not.toContain('BOB-SECRET');
    expect(ob.stderr()).not.toContain('BOB-SECRET');
    expect(ob.stderr()).not.toContain('ALICE-SECRET');
    const again = await runAsHostedUser(alice, () =>
      callTool(ob.client, 'get_jobs', { subscription_id: 107003 }),
    );
    expect(again.envelope).toBeUndefined();
  });
});
