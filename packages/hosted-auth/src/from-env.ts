// hostedGateFromEnv: a server's --hosted gate from its environment (public URL, vault keys, signing key, Redis or memory).
import type { HostedGate } from '@obmcp/mcp-server/hosted';
import { isLoopbackHostname } from './as/client-metadata-fetch.js';
import { generateSigningKey, signingKeyFromJwk } from './as/signing-key.js';
import { hostedGate } from './gate.js';
import { createHostedAuth } from './hosted-auth.js';
import type { AuthLog } from './options.js';
import type { KvStore } from './store/kv-store.js';
import { MemoryStore } from './store/memory-store.js';
import { RedisStore } from './store/redis-store.js';
import type { UpstreamLogin } from './upstream/upstream-login.js';
import { keyRingFromEnv } from './vault/key-ring.js';
import { CredentialVault } from './vault/vault.js';

/** The variables --hosted reads (each server's `--help` lists them). */
export const HOSTED_ENV_DOCS: Record<string, string> = {
  OBMCP_HOSTED:
    'set to 1 by --hosted (the config then needs no upstream refresh token: each user brings theirs); use --hosted, not this alone',
  OBMCP_HOSTED_PUBLIC_URL:
    '--hosted: the public origin users reach this server at (https://sp.example.com); the MCP URL is <it>/mcp and Amazon redirects to <it>/oauth/callback',
  OBMCP_VAULT_KEYS:
    '--hosted: kid:base64key[,kid:base64key…] (32-byte AES-256 keys, newest first) encrypting users’ upstream credentials at rest',
  OBMCP_VAULT_KEY_FILE:
    '--hosted: a file holding the OBMCP_VAULT_KEYS list (one per line), when that variable is unset',
  OBMCP_HOSTED_SIGNING_JWK:
    '--hosted: a private EC P-256 JWK signing access tokens; every replica needs the same one (unset: a key made at start, one replica only)',
};

export interface HostedSetup {
  /** `sp`, `ads`, `openbridge`: the Redis key prefix (`obmcp:<server>:auth:`). */
  server: string;
  serverName: string;
  upstream: UpstreamLogin;
  env: Record<string, string | undefined>;
  log?: AuthLog;
  /** One line to stderr for a degraded but working setup (a generated signing key). */
  warn?: (message: string) => void;
}

export async function hostedGateFromEnv(setup: HostedSetup): Promise<HostedGate> {
  const { env } = setup;
  const raw = env.OBMCP_HOSTED_PUBLIC_URL?.trim() ?? '';
  if (raw === '')
    throw new Error('--hosted needs OBMCP_HOSTED_PUBLIC_URL (the origin users reach this server at)');
  let origin: URL;
  try {
    origin = new URL(raw);
  } catch {
    throw new Error('OBMCP_HOSTED_PUBLIC_URL is not a URL');
  }
  const insecure = origin.protocol === 'http:' && isLoopbackHostname(origin.hostname);
  if (origin.protocol !== 'https:' && !insecure)
    throw new Error('OBMCP_HOSTED_PUBLIC_URL must be https (http only for a loopback test)');
  const keys = keyRingFromEnv(env as NodeJS.ProcessEnv);
  if (keys === undefined)
    throw new Error('--hosted needs OBMCP_VAULT_KEYS or OBMCP_VAULT_KEY_FILE (see docs/DEPLOYING.md)');
  const jwk = env.OBMCP_HOSTED_SIGNING_JWK?.trim() ?? '';
  if (jwk === '') {
    setup.warn?.(
      'OBMCP_HOSTED_SIGNING_JWK is unset: access tokens are signed with a key made at start (one replica only; logins end at restart)',
    );
  }
  const signingKey = jwk === '' ? await generateSigningKey() : await signingKeyFromJwk(jwk);
  const redisUrl = env.OBMCP_REDIS_URL?.trim() ?? '';
  const store: KvStore =
    redisUrl === '' ? new MemoryStore() : new RedisStore(redisUrl, `obmcp:${setup.server}:auth:`);
  const auth = createHostedAuth({
    resource: new URL('/mcp', origin),
    issuer: new URL(origin.origin),
    serverName: setup.serverName,
    store,
    vault: new CredentialVault(store, keys),
    signingKey,
    upstream: setup.upstream,
    ...(insecure ? { dangerouslyAllowInsecureIssuerUrl: true } : {}),
    // createHostedAuth ignores the events when no log is given.
    log: setup.log,
  });
  return hostedGate(auth);
}
