// @obmcp/hosted-auth: MCP authorization for a hosted server (OAuth 2.1 AS + RS), Amazon/Openbridge login, a credential vault.
export {
  type ClientMetadataFetcher,
  checkClientIdUrl,
  ClientMetadataError,
  guardedClientMetadataFetcher,
  loopbackClientMetadataFetcher,
  type Resolve,
} from './as/client-metadata-fetch.js';
export { generateSigningKey, newSigningJwk, type SigningKey, signingKeyFromJwk } from './as/signing-key.js';
export { type HostedSetup, HOSTED_ENV_DOCS, hostedGateFromEnv } from './from-env.js';
export { hostedGate } from './gate.js';
export { createHostedAuth, type HostedAuth, type HostedIdentity } from './hosted-auth.js';
export { toNodeListener } from './http/node-listener.js';
export type { AuthLog, HostedAuthOptions } from './options.js';
export type { KvStore } from './store/kv-store.js';
export { MemoryStore } from './store/memory-store.js';
export { RedisStore } from './store/redis-store.js';
export type { LoginContext, LoginStep, UpstreamLogin } from './upstream/upstream-login.js';
export { KeyRing, keyRingFromEnv, parseKeyRing, type VaultKey } from './vault/key-ring.js';
export { CredentialVault, Sealer, type UpstreamCredential } from './vault/vault.js';
export { type AdsLoginOptions, adsLogin } from './upstream/ads-login.js';
export type { FetchLike, LwaClient } from './upstream/lwa-exchange.js';
export {
  type OpenbridgeLoginOptions,
  openbridgeKeyVerifier,
  openbridgeLogin,
  type VerifyOpenbridgeKey,
} from './upstream/openbridge-login.js';
export { type SpApiLoginOptions, spApiLogin } from './upstream/sp-api-login.js';
