// --hosted: each Ads user has their own session, their own LWA login and only the profiles they allowed at login.
import { runAsHostedUser } from '@obmcp/mcp-server/hosted';
import { callTool } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './helpers.js';

const alice = {
  subject: 'ads:amzn1.account.MOCKALICE',
  account: 'amzn1.account.MOCKALICE',
  secret: 'Atzr|mock-ads-alice',
  profiles: ['1111111111'],
};
/** A refresh token the mock LWA refuses: Bob's upstream calls fail where Alice's succeed. */
const bob = {
  subject: 'ads:amzn1.account.MOCKBOB',
  account: 'amzn1.account.MOCKBOB',
  secret: 'Atzr|revoked-ads-bob',
  profiles: ['2222222222'],
};

describe('hosted users in one ads-mcp', () => {
  let ads: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    ads = await start();
  });
  afterAll(() => ads.close());

  it('starts each user on the first profile they allowed, and keeps their sessions apart', async () => {
    const a = await runAsHostedUser(alice, () => callTool(ads.client, 'get_active_profile', {}));
    expect(a.result?.activeProfileId).toBe(1111111111);
    const b = await runAsHostedUser(bob, () => callTool(ads.client, 'get_active_profile', {}));
    expect(b.result?.activeProfileId).toBe(2222222222);
  });

  it('lists only the allowed profiles and refuses switching to another one', async () => {
    const listed = await runAsHostedUser(alice, () => callTool(ads.client, 'list_profiles', {}));
    const profiles = (listed.result?.profiles ?? []) as { profileId: number }[];
    expect(profiles.map((p) => p.profileId)).toEqual([1111111111]);
    const switched = await runAsHostedUser(alice, () =>
      callTool(ads.client, 'set_active_profile', { profileId: 2222222222 }),
    );
    expect(switched.envelope?.error_kind).toBe('mcp_input_validation');
    const still = await runAsHostedUser(alice, () => callTool(ads.client, 'get_active_profile', {}));
    expect(still.result?.activeProfileId).toBe(1111111111);
  });

  it('exchanges each user’s own refresh token', async () => {
    const a = await runAsHostedUser(alice, () => callTool(ads.client, 'list_profiles', {}));
    expect(a.envelope).toBeUndefined();
    const b = await runAsHostedUser(bob, () => callTool(ads.client, 'list_profiles', {}));
    expect(b.envelope?.error_kind).toBe('auth_error');
    // Canary: neither user's refresh token shows in the refusal or in any log line.
    expect(JSON.stringify(b)).not.toContain(bob.secret);
    expect(ads.stderr()).not.toContain(bob.secret);
    expect(ads.stderr()).not.toContain(alice.secret);
  });
});
