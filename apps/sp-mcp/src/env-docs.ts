// What each sp-mcp variable means: `--help` prints these beside the defaults the config loader applies.
import type { EnvDocs } from '@obmcp/mcp-server/config';

export const SP_ENV_DOCS: EnvDocs = {
  SP_API_CLIENT_ID: 'LWA client id of your SP-API app (required unless OBMCP_MOCK=1)',
  SP_API_CLIENT_SECRET: 'LWA client secret (required unless OBMCP_MOCK=1)',
  SP_API_REFRESH_TOKEN:
    'refresh token of the seller that authorized the app; becomes identity "default" (required unless SP_API_IDENTITIES_FILE)',
  SP_API_IDENTITIES_FILE: 'JSON file with several seller accounts (README: Several seller accounts)',
  SP_API_ACTIVE_IDENTITY: 'identity id active at startup (unset = the first identity)',
  SP_API_SELLER_ID: 'default merchant id for the listings tools',
  SP_API_REGION: 'na, eu or fe (aliases such as usa, europe, japan accepted)',
  SP_API_SANDBOX: 'use the sandbox host (canned requests only, e.g. orderId=TEST_CASE_200)',
  SP_API_ENABLE_WRITES:
    'register the write tools (listings patch, feeds, every generated operation that changes state)',
  SP_API_TOOLSETS:
    'what tools/list shows: curated, comma-separated SP-API toolsets (orders, finances …) or all (unset = curated)',
  SP_API_RESTRICTED_DATA_TOKENS:
    'request a restricted-data token for operations that return personal data; false calls them with the LWA token, PII withheld',
  SP_API_TIMEOUT_MS: 'timeout of one upstream request, in ms',
  SP_API_MAX_ATTEMPTS: 'attempts per call, including the first (429, 5xx, timeouts)',
  SP_API_RETRY_MAX_TOTAL_MS: 'upper bound on the time spent retrying one call, in ms',
  SP_API_LIMITER_MAX_WAIT_MS: 'longest pre-flight rate-limiter wait before failing with rate_limited, in ms',
  SP_API_MAX_DOCUMENT_BYTES: 'cap on a downloaded report document (compressed and decompressed), in bytes',
  SP_API_LWA_ENDPOINT: 'LWA token endpoint',
  SP_API_APPLICATION_ID:
    '--hosted: your SP-API app id (amzn1.sp.solution.…) for Seller Central website authorization; its OAuth redirect URI is <OBMCP_HOSTED_PUBLIC_URL>/oauth/callback',
  SP_API_CONSENT_URL:
    "--hosted: Seller Central's consent page for your sellers' region (default https://sellercentral.amazon.com/apps/authorize/consent)",
  SP_API_APP_DRAFT: '--hosted: true while the app is a draft (Amazon then authorizes only with version=beta)',
  SP_API_ENDPOINT:
    "base URL that replaces the region's SP-API host: a proxy or a test double (user:password@ allowed)",
};
