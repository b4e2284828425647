// hostedGateFromEnv: what --hosted refuses to start without (a public URL over https, vault keys) and what it builds.
import { describe, expect, it } from 'vitest';
import { newSigningJwk } from '../src/as/signing-key.js';
import { hostedGateFromEnv } from '../src/from-env.js';
import { scriptedUpstream, vaultKeys } from './support/harness.js';

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
});
