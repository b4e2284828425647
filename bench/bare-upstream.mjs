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

/** Tool name → upstream call returning the parsed JSON body (the same requests the obmcp tools send). */
export const UPSTREAM = {
  sp_get_order: async (args) => {
    const token = await lwaToken(env.SP_API_CLIENT_ID, env.SP_API_CLIENT_SECRET, env.SP_API_REFRESH_TOKEN);
    const res = await fetch(
      `https://sellingpartnerapi-na.amazon.com/orders/v0/orders/${encodeURIComponent(args.orderId)}`,
      { headers: { 'x-amz-access-token': token, 'user-agent': 'bare/0.0.0' } },
    );
    return res.json();
  },
  ads_list_profiles: async () => {
    const token = await lwaToken(env.ADS_API_CLIENT_ID, env.ADS_API_CLIENT_SECRET, env.ADS_API_REFRESH_TOKEN);
    const res = await fetch('https://advertising-api.amazon.com/v2/profiles', {
      headers: { authorization: `Bearer ${token}`, 'amazon-advertising-api-clientid': env.ADS_API_CLIENT_ID },
    });
    return { profiles: await res.json() };
  },
  ob_get_subscriptions: async () => {
    const res = await fetch(
      'https://subscriptions.api.openbridge.io/v2/sub?status=active&page=1&page_size=1000',
      { headers: { authorization: `Bearer ${await openbridgeJwt()}` } },
    );
    return res.json();
  },
};

/** The CallToolResult both baselines return: the JSON as text and as structuredContent. */
export const resultOf = (value) => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});
