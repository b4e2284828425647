// Forward-proxy settings from the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY): undici's EnvHttpProxyAgent applies them.
import type { EnvDocs } from '@obmcp/mcp-server/config';

/** The variables undici's EnvHttpProxyAgent reads (the lower-case spellings win, as in curl). */
export const PROXY_ENV_DOCS: EnvDocs = {
  HTTPS_PROXY:
    'forward proxy URL (http://[user:password@]host:port) for https upstreams; also https_proxy. Unset = direct',
  HTTP_PROXY:
    'forward proxy URL for http upstreams (and https ones when HTTPS_PROXY is unset); also http_proxy',
  NO_PROXY:
    'comma-separated hosts (example.com, .example.com, host:port, *) reached directly, never through the proxy; also no_proxy',
};

type Env = Readonly<Record<string, string | undefined>>;

/** The host:port of the proxy an https (else http) upstream would use, without credentials; undefined = direct. */
export function configuredProxyHost(env: Env = process.env): string | undefined {
  const value =
    env['https_proxy'] || env['HTTPS_PROXY'] || env['http_proxy'] || env['HTTP_PROXY'] || undefined;
  if (value === undefined) return undefined;
  try {
    return new URL(value).host || 'the configured proxy';
  } catch {
    return 'the configured proxy';
  }
}
