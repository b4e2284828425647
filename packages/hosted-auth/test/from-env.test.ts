// hostedGateFromEnv: what --hosted refuses to start without (a public URL over https, vault keys) and what it builds.
import { HAS_REDIS, startRedis } from '@obmcp/test-kit';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { newSigningJwk } from '../src/as/signing-key.js';
import { hostedGateFromEnv } from '../src/from-env.js';
import { REDIRECT, scriptedUpstream, vaultKeys } from './support/harness.js';

/** A public client's registration through the gate: where the deployment keeps its clients shows in the answer. */
async function registerThrough(gate: Awaited<ReturnType<typeof hostedGateFromEnv>>, origin: string) {
  const answer = await gate.handle(
    new Request(`${origin}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
    }),
    { address: '203.0.113.1' },
  );
  return (await answer?.json()) as { client_id: string };
}

const setup = (env: Record<string, string | undefined>, warn?: (m: string) => void) =>
  hostedGateFromEnv({
    server: 'sp',
    serverName: 'test',
    upstream: scriptedUpstream,
    env,
    ...(warn ? { warn } : {}),
  });

describe('hostedGateFromEnv', () => {
  it('needs OBMCP_HOSTED_PUBLIC_URL, https (http only on loopback), and vault keys', async () => {
    await expect(setup({ OBMCP_VAULT_KEYS: vaultKeys() })).rejects.toThrow(/OBMCP_HOSTED_PUBLIC_URL/);
    await expect(
      setup({ OBMCP_HOSTED_PUBLIC_URL: 'http://sp.example.com', OBMCP_VAULT_KEYS: vaultKeys() }),
    ).rejects.toThrow(/https/);
    await expect(setup({ OBMCP_HOSTED_PUBLIC_URL: 'https://sp.example.com' })).rejects.toThrow(
      /OBMCP_VAULT_KEYS/,
    );
  });

  it('serves metadata for <public URL>/mcp; warns when the signing key is made at start', async () => {
    const warnings: string[] = [];
    const gate = await setup(
      { OBMCP_HOSTED_PUBLIC_URL: 'https://sp.example.com', OBMCP_VAULT_KEYS: vaultKeys() },
      (m) => warnings.push(m),
    );
    expect(gate.origin).toBe('https://sp.example.com');
    const prm = (await (
      await gate.handle(new Request('https://sp.example.com/.well-known/oauth-protected-resource/mcp'))
    )?.json()) as { resource: string };
    expect(prm.resource).toBe('https://sp.example.com/mcp');
    expect(warnings.join('\n')).toMatch(/OBMCP_HOSTED_SIGNING_JWK/);
    const quiet: string[] = [];
    await setup(
      {
        OBMCP_HOSTED_PUBLIC_URL: 'http://127.0.0.1:9999',
        OBMCP_VAULT_KEYS: vaultKeys(),
        OBMCP_HOSTED_SIGNING_JWK: await newSigningJwk(),
      },
      (m) => quiet.push(m),
    );
    expect(quiet).toEqual([]);
  });

  it.each([
    'http://127.attacker.example',
    'http://127.0.0.1.attacker.example:8080',
    'http://localhost.attacker.example',
    'http://10.0.0.5:8080',
    'ftp://127.0.0.1',
  ])('refuses %s: http only on this machine', async (url) => {
    await expect(setup({ OBMCP_HOSTED_PUBLIC_URL: url, OBMCP_VAULT_KEYS: vaultKeys() })).rejects.toThrow(
      /^OBMCP_HOSTED_PUBLIC_URL must be https \(http only for a loopback test\)$/,
    );
  });

  it('names what is missing or malformed, before anything is built', async () => {
    for (const url of [undefined, '', '   ']) {
      await expect(setup({ OBMCP_HOSTED_PUBLIC_URL: url, OBMCP_VAULT_KEYS: vaultKeys() })).rejects.toThrow(
        /^--hosted needs OBMCP_HOSTED_PUBLIC_URL \(the origin users reach this server at\)$/,
      );
    }
    await expect(
      setup({ OBMCP_HOSTED_PUBLIC_URL: 'not a url', OBMCP_VAULT_KEYS: vaultKeys() }),
    ).rejects.toThrow(/^OBMCP_HOSTED_PUBLIC_URL is not a URL$/);
    await expect(setup({ OBMCP_HOSTED_PUBLIC_URL: 'https://sp.example.com' })).rejects.toThrow(
      /^--hosted needs OBMCP_VAULT_KEYS or OBMCP_VAULT_KEY_FILE \(see docs\/DEPLOYING.md\)$/,
    );
    await expect(
      setup({
        OBMCP_HOSTED_PUBLIC_URL: 'https://sp.example.com',
        OBMCP_VAULT_KEYS: vaultKeys(),
        OBMCP_HOSTED_SIGNING_JWK: '{"kty":"RSA"}',
      }),
    ).rejects.toThrow(/OBMCP_HOSTED_SIGNING_JWK must be a private EC P-256 JWK/);
  });

  it.each(['http://localhost:8080', 'http://[::1]:8080', 'http://127.0.0.1:8080'])(
    'runs a loopback test deployment at %s over http, taking loopback client_id documents',
    async (url) => {
      const gate = await setup({ OBMCP_HOSTED_PUBLIC_URL: ` ${url} `, OBMCP_VAULT_KEYS: vaultKeys() });
      const meta = (await (
        await gate.handle(new Request(`${url}/.well-known/oauth-authorization-server`))
      )?.json()) as { issuer: string; authorization_endpoint: string };
      expect(meta.issuer).toBe(url);
      expect(meta.authorization_endpoint).toBe(`${url}/oauth/authorize`);
    },
  );

  it('the signing JWK given is the one tokens are signed with; a blank one is unset', async () => {
    const warnings: string[] = [];
    await setup(
      {
        OBMCP_HOSTED_PUBLIC_URL: 'https://sp.example.com',
        OBMCP_VAULT_KEYS: vaultKeys(),
        OBMCP_HOSTED_SIGNING_JWK: '  ',
      },
      (m) => warnings.push(m),
    );
    expect(warnings).toEqual([
      'OBMCP_HOSTED_SIGNING_JWK is unset: access tokens are signed with a key made at start (one replica only; logins end at restart)',
    ]);
  });

  it('hands the audit log every event', async () => {
    const events: string[] = [];
    const gate = await hostedGateFromEnv({
      server: 'sp',
      serverName: 'test',
      upstream: scriptedUpstream,
      env: { OBMCP_HOSTED_PUBLIC_URL: 'https://sp.example.com', OBMCP_VAULT_KEYS: vaultKeys() },
      log: (event) => events.push(event),
    });
    await gate.handle(new Request('https://sp.example.com/oauth/authorize?client_id=obmcp-nobody'));
    expect(events).toEqual(['authorize_refused']);
  });

  it('keeps its state in this process when OBMCP_REDIS_URL is unset or blank', async () => {
    for (const url of [undefined, '  ']) {
      const gate = await setup({
        OBMCP_HOSTED_PUBLIC_URL: 'https://sp.example.com',
        OBMCP_VAULT_KEYS: vaultKeys(),
        OBMCP_REDIS_URL: url,
      });
      expect((await registerThrough(gate, 'https://sp.example.com')).client_id).toMatch(/^obmcp-/);
    }
  });

  it.skipIf(!HAS_REDIS)(
    'keeps its state in Redis under obmcp:<server>:auth: when OBMCP_REDIS_URL is set',
    async () => {
      const redis = await startRedis();
      const raw = new Redis(redis.url);
      try {
        const gate = await setup({
          OBMCP_HOSTED_PUBLIC_URL: 'https://sp.example.com',
          OBMCP_VAULT_KEYS: vaultKeys(),
          OBMCP_REDIS_URL: ` ${redis.url} `,
        });
        const { client_id } = await registerThrough(gate, 'https://sp.example.com');
        expect(await raw.exists(`obmcp:sp:auth:client:${client_id}`)).toBe(1);
      } finally {
        raw.disconnect();
        await redis.kill();
      }
    },
  );
});
