// The login's HTML pages and response helpers: every value is text (never markup), pages cannot be framed or cached.
import { describe, expect, it } from 'vitest';
import { consentPage, errorPage } from '../src/as/pages.js';
import {
  cookie,
  escapeHtml,
  html,
  json,
  oauthError,
  page,
  readParams,
  redirect,
} from '../src/http/respond.js';

/** A value that would become an element, close an attribute or start an entity if it were not escaped. */
const hostile = (field: string): string => `<img src=x id="${field}" onerror='x'>&amp;`;
const escaped = (field: string): string =>
  `&#60;img src=x id=&#34;${field}&#34; onerror=&#39;x&#39;&#62;&#38;amp;`;

const view = {
  serverName: hostile('server'),
  clientName: hostile('client'),
  clientId: hostile('clientid'),
  redirectHost: hostile('host'),
  accountLabel: hostile('account'),
  scopes: [hostile('scope1'), 'scope2'],
  requestId: hostile('request'),
  action: hostile('action'),
};

describe('the consent page', () => {
  it('shows every value as text, never as markup', () => {
    const text = consentPage(view);
    expect(text).not.toContain('<img');
    expect(text).not.toMatch(/onerror='/);
    expect(text.match(/<[!a-z]/gi)?.length).toBe(
      text.match(/<(!doctype|html|head|meta|title|style|body|h1|strong|p|code|form|input|button)\b/gi)
        ?.length,
    );
  });

  it('names the client (in the title too), its id, the server, the account, the scopes and where the user returns', () => {
    const text = consentPage(view);
    expect(text).toContain(`<title>Allow ${escaped('client')}?</title>`);
    expect(text).toContain(
      `<h1>Allow <strong>${escaped('client')}</strong> to use ${escaped('server')}?</h1>`,
    );
    expect(text).toContain(
      `<p><strong>${escaped('client')}</strong> (client id <code>${escaped('clientid')}</code>) asks to act for you through ${escaped('server')}.`,
    );
    expect(text).toContain(
      `you will next log in to ${escaped('account')}, and this client (and only this client)`,
    );
    expect(text).toContain(`with the scope <code>${escaped('scope1')} scope2</code>.</p>`);
    expect(text).toContain(`you return to <strong>${escaped('host')}</strong>. If you do not recognize`);
  });

  it('posts the request id and the decision to the action', () => {
    const text = consentPage(view);
    expect(text).toContain(`<form method="post" action="${escaped('action')}">`);
    expect(text).toContain(`<input type="hidden" name="request" value="${escaped('request')}">`);
    expect(text).toContain(
      '<button type="submit" name="decision" value="approve" id="approve">Allow and continue</button>',
    );
    expect(text).toContain('<button type="submit" name="decision" value="deny" id="deny">Deny</button>');
  });
});

describe('error pages', () => {
  it('show the title and message as text', () => {
    const text = errorPage(hostile('title'), hostile('message'));
    expect(text).toContain(`<title>${escaped('title')}</title>`);
    expect(text).toContain(`<body><h1>${escaped('title')}</h1><p>${escaped('message')}</p></body></html>`);
    expect(text).not.toContain('<img');
  });

  it('are a whole document in UTF-8', () => {
    const text = page('T', '<p>x</p>');
    expect(text.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8">')).toBe(true);
    expect(text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(text).toContain('<style>body{font-family:system-ui,sans-serif;');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute, and only those', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&#38;b&#60;c&#62;d&#34;e&#39;f');
    expect(escapeHtml('<<>>')).toBe('&#60;&#60;&#62;&#62;');
    expect(escapeHtml('plain text / = ; `')).toBe('plain text / = ; `');
  });
});

describe('responses', () => {
  it('an HTML page cannot be framed, cached, or leak its address as a referrer', async () => {
    const response = html('<p>x</p>', 400, { 'set-cookie': 'a=b' });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('<p>x</p>');
    expect(Object.fromEntries(response.headers)).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      pragma: 'no-cache',
      'x-frame-options': 'DENY',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' *; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
      'set-cookie': 'a=b',
    });
    expect(html('x').status).toBe(200);
  });

  it('JSON and OAuth errors are not cached', async () => {
    const ok = json({ a: 1 });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ a: 1 });
    expect(Object.fromEntries(ok.headers)).toEqual({
      'content-type': 'application/json',
      'cache-control': 'no-store',
      pragma: 'no-cache',
    });
    const error = oauthError(401, 'invalid_client', 'Unknown client', { 'www-authenticate': 'Basic' });
    expect(error.status).toBe(401);
    expect(await error.json()).toEqual({ error: 'invalid_client', error_description: 'Unknown client' });
    expect(error.headers.get('www-authenticate')).toBe('Basic');
    expect(error.headers.get('cache-control')).toBe('no-store');
  });

  it('a redirect is a 302 that is not cached and sends no referrer', () => {
    const response = redirect('https://client.test/cb?code=1', { 'set-cookie': 'a=b' });
    expect(response.status).toBe(302);
    expect(Object.fromEntries(response.headers)).toEqual({
      location: 'https://client.test/cb?code=1',
      'cache-control': 'no-store',
      pragma: 'no-cache',
      'referrer-policy': 'no-referrer',
      'set-cookie': 'a=b',
    });
    expect(redirect('/x').headers.get('set-cookie')).toBeNull();
  });
});

describe('readParams', () => {
  const at = 'https://as.test/oauth/x?from=query';

  it('reads the query of a GET or HEAD', async () => {
    expect((await readParams(new Request(at))).get('from')).toBe('query');
    expect((await readParams(new Request(at, { method: 'HEAD' }))).get('from')).toBe('query');
  });

  it('reads a form body (any case, with a charset), never the query, of a POST', async () => {
    const post = (type: string) =>
      readParams(new Request(at, { method: 'POST', headers: { 'content-type': type }, body: 'from=body' }));
    expect([...(await post('application/x-www-form-urlencoded'))]).toEqual([['from', 'body']]);
    expect((await post('Application/X-WWW-Form-Urlencoded; charset=UTF-8')).get('from')).toBe('body');
    expect([...(await post('application/json'))]).toEqual([]);
    expect([...(await post('text/plain; application/x-www-form-urlencoded'))]).toEqual([]);
    const untyped = new Request(at, { method: 'POST', body: new Uint8Array([0x61]) });
    expect([...(await readParams(untyped))]).toEqual([]);
  });
});

describe('cookie', () => {
  const request = (header?: string) =>
    new Request('https://as.test/', header === undefined ? {} : { headers: { cookie: header } });

  it('reads one cookie by its exact name', () => {
    expect(cookie(request('a=1; obmcp_browser=s3cr=t ; b=2'), 'obmcp_browser')).toBe('s3cr=t');
    expect(cookie(request('obmcp_browser=first;b=2'), 'obmcp_browser')).toBe('first');
    expect(cookie(request('b=2;  obmcp_browser =x'), 'obmcp_browser')).toBe('x');
  });

  it('does not take another cookie, a nameless one or a missing header for it', () => {
    expect(cookie(request('xobmcp_browser=1; obmcp_browserx=2'), 'obmcp_browser')).toBeUndefined();
    expect(cookie(request('=obmcp_browser=1'), 'obmcp_browser')).toBeUndefined();
    expect(cookie(request('=1'), '')).toBeUndefined();
    expect(cookie(request('obmcp_browser'), 'obmcp_browser')).toBeUndefined();
    expect(cookie(request(), 'obmcp_browser')).toBeUndefined();
  });
});
