// Response helpers for the authorization server: JSON with no-store, OAuth error bodies, HTML pages, redirects.

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...NO_STORE, ...headers },
  });
}

/** An OAuth error body (RFC 6749 §5.2): `error`, an optional description; never a secret in either. */
export function oauthError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return json({ error, error_description: description }, status, headers);
}

/** An HTML page that no other site may frame (the consent screen must not be clickjacked). */
export function html(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      ...NO_STORE,
      'x-frame-options': 'DENY',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' *; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
      ...headers,
    },
  });
}

export function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, {
    status: 302,
    headers: { location, ...NO_STORE, 'referrer-policy': 'no-referrer', ...headers },
  });
}

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page frame every screen of the login uses. */
export function page(title: string, content: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font-size:1rem;padding:.5rem 1rem;margin-right:.5rem}code{word-break:break-all}</style></head><body>${content}</body></html>`;
}

/** Reads a form body (application/x-www-form-urlencoded) or the query of a GET. */
export async function readParams(request: Request): Promise<URLSearchParams> {
  if (request.method === 'GET' || request.method === 'HEAD') return new URL(request.url).searchParams;
  // No Content-Type reads as "null": not a form either.
  const type = String(request.headers.get('content-type'));
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) return new URLSearchParams();
  return new URLSearchParams(await request.text());
}

/** One cookie's value from the Cookie header. */
export function cookie(request: Request, name: string): string | undefined {
  // No Cookie header reads as "null": no pair in it.
  for (const part of String(request.headers.get('cookie')).split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
