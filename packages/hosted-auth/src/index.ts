// @obmcp/hosted-auth: MCP authorization for a hosted server (OAuth 2.1 AS + RS), Amazon/Openbridge login, a credential vault.
// The surface is what the servers import (`hostedGateFromEnv`, the logins) and what the README's example shows.
export { newSigningJwk, signingKeyFromJwk } from './as/signing-key.js';
export { HOSTED_ENV_DOCS, hostedGateFromEnv } from './from-env.js';
export { createHostedAuth } from './hosted-auth.js';
export { RedisStore } from './store/redis-store.js';
export { adsLogin } from './upstream/ads-login.js';
export { openbridgeLogin } from './upstream/openbridge-login.js';
export { spApiLogin } from './upstream/sp-api-login.js';
export { keyRingFromEnv } from './vault/key-ring.js';
export { CredentialVault } from './vault/vault.js';
