// What a hosted server tells its authorization server: who it is, where state lives, how users log in upstream.
import type { ClientMetadataFetcher } from './as/client-metadata-fetch.js';
import type { SigningKey } from './as/signing-key.js';
import type { KvStore } from './store/kv-store.js';
import type { UpstreamLogin } from './upstream/upstream-login.js';
import type { CredentialVault } from './vault/vault.js';

/** One line of the audit trail: an event name and non-secret fields (ids, digests' prefixes, outcomes). */
export type AuthLog = (event: string, fields: Record<string, string | number | boolean>) => void;

export interface HostedAuthOptions {
  /** The MCP endpoint's public URL (e.g. https://sp.example.com/mcp): the RFC 8707 resource and every token's audience. */
  resource: URL;
  /** The issuer; default the resource's origin. The endpoints live under it at /oauth/…. */
  issuer?: URL;
  /** What the consent screen calls this server, e.g. "obmcp for Amazon SP-API". */
  serverName: string;
  store: KvStore;
  vault: CredentialVault;
  signingKey: SigningKey;
  upstream: UpstreamLogin;
  /** Scopes the server knows; default `['mcp']`, also what a request without `scope` gets. */
  scopes?: string[];
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  codeTtlSeconds?: number;
  /** How long a user may take from the consent screen to the end of the upstream login. */
  loginTtlSeconds?: number;
  /**
   * Dynamic client registrations one connecting address may make per minute (default 20; 0 turns the limit
   * off). Behind a load balancer every registration comes from its address: one budget for the deployment.
   */
  registrationsPerMinute?: number;
  /** Fetches Client ID Metadata Documents; default: the SSRF-guarded fetcher. */
  fetchClientMetadata?: ClientMetadataFetcher;
  /** Allows an http issuer (loopback tests only). */
  dangerouslyAllowInsecureIssuerUrl?: boolean;
  log?: AuthLog;
  now?: () => number;
}
