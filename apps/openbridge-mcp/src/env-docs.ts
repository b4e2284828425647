// What each openbridge-mcp variable means: `--help` prints these beside the defaults the config loader applies.
import type { EnvDocs } from '@obmcp/mcp-server/config';

export const OPENBRIDGE_ENV_DOCS: EnvDocs = {
  OPENBRIDGE_REFRESH_TOKEN:
    'Openbridge refresh token key:secret from Account → API Management (required unless OBMCP_MOCK=1; never shown)',
  OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'list the write tools and get_amazon_api_access_token',
  OPENBRIDGE_ENABLE_QUERY_EXECUTION: 'list execute_query (read-only SELECTs, row cap, statement timeout)',
  OPENBRIDGE_TIMEOUT_MS: 'whole-exchange timeout of one upstream request, in ms',
  OPENBRIDGE_MAX_RETRIES: 'retries for reads on 408/429/5xx/timeouts (bounded to 10 s in total)',
  OPENBRIDGE_AUTH_BASE_URL: 'Authentication API base URL',
  OPENBRIDGE_SUBSCRIPTIONS_BASE_URL: 'Subscriptions API base URL',
  OPENBRIDGE_REMOTE_IDENTITY_BASE_URL: 'Remote Identity API base URL',
  OPENBRIDGE_SERVICE_BASE_URL: 'Service API base URL (jobs, history, products, rules, healthchecks, amzadv)',
};
