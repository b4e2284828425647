// The gate --hosted mounts in front of /mcp: its origin, the OAuth paths it answers, the user it names (or the refusal).
import { describe, expect, it } from 'vitest';
import { hostedGate } from '../src/gate.js';
import { bearer, harness, login, REDIRECT, RESOURCE, scriptedUpstream } from './support/harness.js';

describe('hostedGate', () => {
  it('reads requests against the public origin of the resource', async () => {
    const h = await harness();
    expect(hostedGate(h.auth).origin).toBe('https://sp.example.test');
  });

  it('answers the OAuth paths, counting registrations per connecting address', async () => {
    const h = await harness({ registrationsPerMinute: 1 });
    h.clock.now = Math.ceil(h.clock.now / 60_000) * 60_000;
    const gate = hostedGate(h.auth);
    const register = () =>
      new Request(new URL('/oauth/register', RESOURCE), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
      });
    expect((await gate.handle(register(), { address: '203.0.113.7' }))?.status).toBe(201);
    expect((await gate.handle(register(), { address: '203.0.113.7' }))?.status).toBe(429);
    expect((await gate.handle(register(), { address: '198.51.100.9' }))?.status).toBe(201);
    expect(await gate.handle(new Request(RESOURCE, { method: 'POST' }))).toBeUndefined();
  });

  it('names the user with the advertising profiles they picked', async () => {
    const h = await harness({
      upstream: {
        ...scriptedUpstream,
        async resume() {
          return {
            kind: 'done',
            credential: { account: 'amzn1.account.X', label: 'X', secret: 'Atzr|ads', profiles: ['2222'] },
          };
        },
      },
    });
    const { access_token } = await login(h);
    const user = await hostedGate(h.auth).authenticate(new Request(RESOURCE, bearer(access_token)));
    expect(user).toEqual({
      subject: 'sp:amzn1.account.X',
      account: 'amzn1.account.X',
      secret: 'Atzr|ads',
      profiles: ['2222'],
    });
  });

  it('a user without advertising profiles is named without any', async () => {
    const h = await harness();
    const { access_token } = await login(h, 'A1SELLER');
    const user = await hostedGate(h.auth).authenticate(new Request(RESOURCE, bearer(access_token)));
    expect(user).not.toHaveProperty('profiles');
    expect(user).toHaveProperty('subject', 'sp:A1SELLER');
  });

  it('a request without a token gets the 401 challenge to send', async () => {
    const h = await harness();
    const refused = await hostedGate(h.auth).authenticate(new Request(RESOURCE, { method: 'POST' }));
    if (!(refused instanceof Response)) throw new Error('not refused');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=');
  });

  it("shares the deployment's session choices", async () => {
    const h = await harness();
    expect(hostedGate(h.auth).sessionChoices).toBe(h.auth.sessionChoices);
    expect(hostedGate(h.auth).sessionChoices).toBeDefined();
  });
});
