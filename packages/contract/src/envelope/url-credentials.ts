// The one way a configured URL is shown: any `user:password@` in it becomes `***@` (proxies may need userinfo; nobody may see it).

/**
 * `scheme://` then userinfo up to the last `@` of the authority (the URL parser's reading: `https://u:p@ss@host`
 * has the password `p@ss`), the userinfo never holding `/ ? #`, whitespace, quotes, `< >` or `\`. The scheme may
 * follow any character (`x_https://…` too): a word boundary there would let such a URL through unredacted.
 */
const USERINFO = /([a-z][a-z0-9+.-]*:\/\/)[^\s/?#"'<>\\]*@/gi;

/** The marker shown in place of the userinfo. */
export const REDACTED_USERINFO = '***';

/**
 * `https://user:pass@proxy/sp` → `https://***@proxy/sp`; text without credentials in a URL is returned as is.
 * Works on a URL and on any text holding URLs (log lines, messages), so every place that shows a
 * configured URL goes through it.
 */
export function redactUrlCredentials(text: string): string {
  // Stryker disable next-line StringLiteral: equivalent (a fast path; the pattern needs an @), see README
  return text.includes('@') ? text.replace(USERINFO, `$1${REDACTED_USERINFO}@`) : text;
}
