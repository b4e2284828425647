// Forward-proxy settings from the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY): undici's EnvHttpProxyAgent applies them.

export { PROXY_ENV_DOCS } from './env-docs.js';

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
