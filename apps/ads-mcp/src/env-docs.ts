// What each ads-mcp variable means: `--help` prints these beside the defaults the config loader applies.
import type { EnvDocs } from '@obmcp/mcp-server/config';

export const ADS_ENV_DOCS: EnvDocs = {
  ADS_AUTH_MODE:
    'direct (LWA) or openbridge; unset = direct when all three ADS_API_* credentials are set, else openbridge when OPENBRIDGE_REFRESH_TOKEN is',
  ADS_API_CLIENT_ID: 'LWA client id (direct mode; in openbridge mode a fallback for a placeholder client id)',
  ADS_API_CLIENT_SECRET: 'LWA client secret (direct mode)',
  ADS_API_REFRESH_TOKEN: 'LWA refresh token Atzr|… (direct mode)',
  OPENBRIDGE_REFRESH_TOKEN: 'Openbridge refresh token key:secret (openbridge mode)',
  OPENBRIDGE_IDENTITY_ID:
    'initial Amazon Advertising identity (openbridge mode); else use set_active_identity',
  ADS_API_REGION: 'Ads API region',
  ADS_API_ENDPOINT: "base URL that replaces the region's Ads API host: a proxy or a test double",
  ADS_API_AUTHORIZE_URL:
    "--hosted: Login with Amazon's authorization page for your users' region (default https://www.amazon.com/ap/oa); the security profile's Allowed Return URL is <OBMCP_HOSTED_PUBLIC_URL>/oauth/callback",
  ADS_API_PROFILE_URL:
    "--hosted: Login with Amazon's profile endpoint naming the user (default https://api.amazon.com/user/profile)",
  ADS_API_LWA_ENDPOINT: "token URL that replaces the region's Login with Amazon endpoint (direct mode)",
  ADS_API_PROFILE_ID: 'initial active profile; else use set_active_profile',
  ADS_API_ENABLE_WRITES: 'serve the operations that change state (curated writes and every generated write)',
  ADS_API_TOOLSETS:
    'what tools/list shows: comma-separated toolsets (sp, sb, sd, dsp, amc, reporting …), curated or all (unset = curated)',
  ADS_API_TIMEOUT_MS: 'bound on one upstream exchange, in ms',
  ADS_API_MAX_ATTEMPTS: 'attempts per call, including the first',
  ADS_API_RETRY_BUDGET_MS: 'total time for attempts and waits of one call, in ms',
  ADS_REPORT_MAX_BYTES: 'cap on a report or AMC result file (compressed and decompressed), in bytes',
  ADS_REPORT_MAX_ROWS: 'cap on the report and AMC result rows a tool returns',
  ADS_API_UPLOAD_DIR:
    'the one directory whose files a file argument (`create_asset` `body.asset.path`) may name; unset: files go as base64 only',
};
