// The one way a configured URL is shown: any `user:password@` in it becomes `***@` (proxies may need userinfo; nobody may see it).

/** `scheme://` then userinfo up to the `@` that ends it (userinfo never holds `/ ? #` or whitespace). */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>\\]*@/gi;

/** The marker shown in place of the userinfo. */
export const REDACTED_USERINFO = '***';

/**
 * `https://user:pass@proxy/sp` → `https://***@proxy/sp`; text without credentials in a URL is returned as is.
 * Works on a URL and on any text holding URLs (log lines, messages), so every place that shows a
 * configured URL goes through it.
 */
export function redactUrlCredentials(text: string): string {
  return text.includes('@') ? text.replace(USERINFO, `$1${REDACTED_USERINFO}@`) : text;
}
