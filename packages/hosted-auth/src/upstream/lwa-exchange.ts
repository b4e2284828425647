// The LWA authorization-code exchange (POST /auth/o2/token, form body) shared by the SP-API and Ads logins.

export interface LwaClient {
  clientId: string;
  clientSecret: string;
  /** Default https://api.amazon.com/auth/o2/token (the NA host; EU/FE logins use api.amazon.co.uk / .co.jp). */
  tokenUrl?: string;
}

export interface LwaTokens {
  accessToken: string;
  refreshToken: string;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The tokens, or undefined when LWA refused or did not answer (the reason is not kept: it may echo the code). */
export async function exchangeCode(
  client: LwaClient,
  code: string,
  redirectUri: string,
  fetchImpl: FetchLike,
): Promise<LwaTokens | undefined> {
  const response = await fetchImpl(client.tokenUrl ?? 'https://api.amazon.com/auth/o2/token', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      accept: 'application/json',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }).toString(),
    signal: AbortSignal.timeout(15_000),
  }).catch(() => undefined);
  if (response === undefined || !response.ok) return undefined;
  const body = (await response.json().catch(() => undefined)) as
    | { access_token?: unknown; refresh_token?: unknown }
    | undefined;
  if (typeof body?.access_token !== 'string' || typeof body.refresh_token !== 'string') return undefined;
  return { accessToken: body.access_token, refreshToken: body.refresh_token };
}

/** An id Amazon returned, checked before it becomes part of a store key (merchant tokens, `amzn1.account.…`). */
export function isAmazonId(value: string | null): value is string {
  return value !== null && /^[A-Za-z0-9._-]{1,100}$/.test(value);
}
