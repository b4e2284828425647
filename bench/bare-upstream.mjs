// The upstream calls of both bench baselines: plain global fetch to the mocks, cached tokens, no contract.
const env = process.env;
const tokens = new Map();
async function lwaToken(clientId, clientSecret, refreshToken) {
  if (tokens.has(clientId)) return tokens.get(clientId);
  const body = new URLSearchParams({
    grant_type: 'refresh_token',
    client_id: clientId,
    client_secret: clientSecret,
    refresh_token: refreshToken,
  });
  const res = await fetch('https://api.amazon.com/auth/o2/token', { method: 'POST', body });
  const token = (await res.json()).access_token;
  tokens.set(clientId, token);
  return token;
}
// getOrder is a restricted operation: obmcp reads it with a restricted-data token (PII included), once
// per identity, path and dataElements; the baselines do the same so both sides get the same answer.
let spRdt;
async function spRestrictedToken(accessToken) {
  if (spRdt) return spRdt;
  const res = await fetch('https://sellingpartnerapi-na.amazon.com/tokens/2021-03-01/restrictedDataToken', {
    method: 'POST',
    headers: { 'x-amz-access-token': accessToken, 'content-type': 'application/json' },
    body: JSON.stringify({
      restrictedResources: [
        {
          method: 'GET',
          path: '/orders/v0/orders/{orderId}',
          dataElements: ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'],
        },
      ],
    }),
  });
  spRdt = (await res.json()).restrictedDataToken;
  return spRdt;
}
let obJwt;
async function openbridgeJwt() {
  if (obJwt) return obJwt;
  const res = await fetch('https://authentication.api.openbridge.io/auth/api/ref', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      data: { type: 'APIAuth', attributes: { refresh_token: env.OPENBRIDGE_REFRESH_TOKEN } },
    }),
  });
  obJwt = (await res.json()).data.attributes.token;
  return obJwt;
}

/**
 * Tool name → upstream call returning the parsed JSON body (the same requests the obmcp tools send).
 * `signal` (optional) aborts the request: McpServer passes the SDK's request signal, Server passes none.
 */
export const UPSTREAM = {
  sp_get_order: async (args, signal) => {
    const lwa = await lwaToken(env.SP_API_CLIENT_ID, env.SP_API_CLIENT_SECRET, env.SP_API_REFRESH_TOKEN);
    const token = await spRestrictedToken(lwa);
    const res = await fetch(
      `https://sellingpartnerapi-na.amazon.com/orders/v0/orders/${encodeURIComponent(args.orderId)}`,
      { headers: { 'x-amz-access-token': token, 'user-agent': 'bare/0.0.0' }, signal },
    );
    return res.json();
  },
  ads_list_profiles: async (_args, signal) => {
    const token = await lwaToken(env.ADS_API_CLIENT_ID, env.ADS_API_CLIENT_SECRET, env.ADS_API_REFRESH_TOKEN);
    const res = await fetch('https://advertising-api.amazon.com/v2/profiles', {
      headers: { authorization: `Bearer ${token}`, 'amazon-advertising-api-clientid': env.ADS_API_CLIENT_ID },
      signal,
    });
    return { profiles: await res.json() };
  },
  ob_get_subscriptions: async (_args, signal) => {
    const res = await fetch(
      'https://subscriptions.api.openbridge.io/v2/sub?status=active&page=1&page_size=1000',
      { headers: { authorization: `Bearer ${await openbridgeJwt()}` }, signal },
    );
    return res.json();
  },
};

/** The CallToolResult both baselines return: the JSON as text and as structuredContent. */
export const resultOf = (value) => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});
