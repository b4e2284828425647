// What every credential source hands the Ads client: a bearer token and the ClientId header value.
import type { AuthMode } from '../config.js';
import type { Region } from '../regions.js';

export interface AdsCredentials {
  accessToken: string;
  clientId: string;
}

export interface CredentialSource {
  readonly mode: AuthMode;
  /** Cached credentials for a region; refreshed early, concurrent refreshes deduped. */
  get(region: Region, signal?: AbortSignal): Promise<AdsCredentials>;
  /** Drops the cached access token (after a 401), so the next get() refreshes. */
  invalidate(region: Region): void;
}
