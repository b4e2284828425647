// Canary credentials every test server gets: distinctive strings the suite must never see in any output.
/** The LWA mock accepts only `mock-…` / `Atzr|mock-…` values, Openbridge needs `key:secret`. */
export const CANARIES = {
  spClientSecret: 'mock-CANARY-SECRET-7f3a91c2-sp',
  spRefreshToken: 'Atzr|mock-CANARY-REFRESH-7f3a91c2-sp',
  adsClientSecret: 'mock-CANARY-SECRET-7f3a91c2-ads',
  adsRefreshToken: 'Atzr|mock-CANARY-REFRESH-7f3a91c2-ads',
  openbridgeKey: 'mock-CANARY-OBKEY-7f3a91c2:CANARY-OBSECRET-7f3a91c2',
  /** A proxy's password in an endpoint URL (`http://obmcp:<it>@host`). */
  endpointPassword: 'CANARY-PROXYPASS-7f3a91c2',
} as const;

/** Env handed to every server under test (client ids are not secret and stay the mock defaults). */
export const CANARY_ENV: Record<string, string> = {
  SP_API_CLIENT_ID: 'mock-sp-client-id',
  SP_API_CLIENT_SECRET: CANARIES.spClientSecret,
  SP_API_REFRESH_TOKEN: CANARIES.spRefreshToken,
  ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.mockadsclient000',
  ADS_API_CLIENT_SECRET: CANARIES.adsClientSecret,
  ADS_API_REFRESH_TOKEN: CANARIES.adsRefreshToken,
  OPENBRIDGE_REFRESH_TOKEN: CANARIES.openbridgeKey,
};

/**
 * Fragments that betray a leak even when a value is cut, re-encoded or split at `:`: the unique
 * marker, both halves of the Openbridge key, and the mock's issued access tokens / JWT shape.
 */
export const CANARY_PATTERNS: readonly RegExp[] = [
  /CANARY-(SECRET|REFRESH|OBKEY|OBSECRET|PROXYPASS)/i,
  // The proxy password as a Basic header carries it (base64 of `obmcp:CANARY-PROXYPASS…`).
  new RegExp(Buffer.from('obmcp:CANARY-PROXYPASS').toString('base64').slice(0, 24)),
  /7f3a91c2/,
  /Atza\|mock-\d+-/,
  /Atza\|MOCK-OB-BROKERED-/,
  // A destination's warehouse password in the Openbridge mock's product parameters (never read out).
  /CANARY-WAREHOUSE-PASSWORD/,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\./,
];

/** Every canary hit in a text, as `pattern: excerpt`. */
export function findCanaries(text: string): string[] {
  const hits: string[] = [];
  for (const pattern of CANARY_PATTERNS) {
    const m = pattern.exec(text);
    if (m) hits.push(`${pattern}: …${text.slice(Math.max(0, m.index - 60), m.index + 60)}…`);
  }
  return hits;
}
