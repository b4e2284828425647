// Openbridge-brokered credentials: JWT → /service/amzadv/token/{identity} (fresh each call, cached briefly).
import { DomainValidationError, UpstreamTransportError } from '@obmcp/contract';
import { TokenCache } from '@obmcp/http-kit';
import type { CredentialExchange } from './credential-exchange.js';
import { OPENBRIDGE_DEFAULT_HOSTS, operationUrl } from '@obmcp/openbridge-upstream';
import type { AdsCredentials, CredentialSource } from './types.js';

/** The brokered token carries no expiry; treat it as good for 10 minutes (LWA tokens live 60). */
const BROKERED_TTL_MS = 10 * 60_000;

const BROKER_HINTS = [
  'Check that the active identity (set_active_identity) is a valid Amazon Advertising identity (type 14) from list_identities.',
  'Re-authorize the Amazon Advertising identity in the Openbridge UI if it was invalidated.',
];

export function noActiveIdentity(): DomainValidationError {
  return new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: 'No active Openbridge identity.',
    details: [
      { path: 'identityId', issue: 'no Amazon Advertising identity is selected', received_type: 'undefined' },
    ],
    hints: [
      'Set an active identity with set_active_identity (identity ids come from list_identities).',
      'Or start the server with OPENBRIDGE_IDENTITY_ID set.',
    ],
  });
}

const BROKER = { service: 'Openbridge token brokering', hints: BROKER_HINTS };

/** `send` carries the JWT (an exchange created with `issuedFor: jwt`), refreshing it once after a 401. */
export function createOpenbridgeSource(
  send: CredentialExchange,
  activeIdentity: () => number | undefined,
  clientIdFallback: string | undefined,
): CredentialSource {
  const cache = new TokenCache<AdsCredentials>({ refreshEarlyMs: 60_000 });

  async function broker(
    identityId: number,
    signal?: AbortSignal,
  ): Promise<{ value: AdsCredentials; expiresAt: number }> {
    const answer = await send(
      {
        operation: 'getAmazonAdvertisingToken',
        method: 'GET',
        path: operationUrl(OPENBRIDGE_DEFAULT_HOSTS, 'getAmazonAdvertisingToken', {
          remote_identity_id: identityId,
        }),
        ...(signal ? { signal } : {}),
      },
      BROKER,
    );
    const body = (answer ?? {}) as { data?: { access_token?: unknown; client_id?: unknown } };
    const accessToken = body.data?.access_token;
    const rawClient = body.data?.client_id;
    // A legacy placeholder client id 'openbridge' means "use your own"; fall back to ADS_API_CLIENT_ID.
    const clientId =
      typeof rawClient === 'string' && rawClient !== '' && rawClient !== 'openbridge'
        ? rawClient
        : clientIdFallback;
    if (typeof accessToken !== 'string' || accessToken === '' || !clientId) {
      throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
        summary: 'Openbridge token brokering answered without data.access_token or data.client_id.',
        details: [
          { path: 'data', issue: 'expected access_token and client_id', received_type: typeof body.data },
        ],
      });
    }
    return { value: { accessToken, clientId }, expiresAt: Date.now() + BROKERED_TTL_MS };
  }

  return {
    mode: 'openbridge',
    get(_region, signal): Promise<AdsCredentials> {
      const identityId = activeIdentity();
      if (identityId === undefined) return Promise.reject(noActiveIdentity());
      return cache.get(String(identityId), () => broker(identityId, signal));
    },
    invalidate(): void {
      // No active identity: the key 'undefined' holds no token, so nothing is dropped.
      cache.invalidate(String(activeIdentity()));
    },
  };
}
