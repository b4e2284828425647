// Redirects go only to the asked origin, its host or the app's declared hosts: never a private address, never with credentials.
import { ClientSideError } from '@obmcp/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../src/index.js';
import { isPrivateHost } from '../src/private-address.js';
import { RedirectHosts, redirectRefusal } from '../src/redirect-scope.js';
import { type Hop, nextHop } from '../src/redirects.js';

const API = 'https://api.upstream.test';
const STORAGE = 'https://bucket-eu.storage.test';
const CANARY = 'Atza|CANARY-REDIRECT-TOKEN-0001';

/** Every request that reached any host, so a refused hop can be shown to have sent nothing. */
const arrived: string[] = [];
let location = '';
const server = setupServer(
  http.all('*', ({ request }) => {
    arrived.push(request.url);
    const url = new URL(request.url);
    if (url.pathname === '/redirect') return new HttpResponse(null, { status: 302, headers: { location } });
    return HttpResponse.json({
      authorization: request.headers.get('authorization'),
      amz: request.headers.get('x-amz-access-token'),
      cookie: request.headers.get('cookie'),
      key: request.headers.get('x-api-key'),
      accept: request.headers.get('accept'),
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  arrived.length = 0;
});
afterAll(() => server.close());

const fetcher = createFetcher({
  timeoutMs: 2_000,
  redirectHosts: ['*.storage.test', 'api-eu.upstream.test'],
});
afterAll(() => fetcher.close());

const CREDENTIALS = {
  authorization: `Bearer ${CANARY}`,
  'x-amz-access-token': CANARY,
  cookie: `session=${CANARY}`,
  'x-api-key': CANARY,
  accept: 'application/json',
};

async function refusal(to: string): Promise<ClientSideError> {
  location = to;
  const error = await fetcher.send({ method: 'GET', url: `${API}/redirect`, headers: CREDENTIALS }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, to).toBeInstanceOf(ClientSideError);
  return error as ClientSideError;
}

describe('redirect scope (fetcher)', () => {
  it.each([
    ['http://127.0.0.1:19002/latest/meta-data/iam/security-credentials/role', 'private_address'],
    ['http://169.254.169.254/latest/meta-data/', 'private_address'],
    ['http://localhost:8080/x', 'private_address'],
    ['http://2130706433/x', 'private_address'],
    ['http://0x7f.1/x', 'private_address'],
    ['http://[::1]/x', 'private_address'],
    ['http://[::ffff:127.0.0.1]/x', 'private_address'],
    ['http://[::ffff:a9fe:a9fe]/x', 'private_address'],
    ['https://10.1.2.3/x', 'private_address'],
    ['https://192.168.0.10/x', 'private_address'],
    ['https://[fd00::1]/x', 'private_address'],
    ['https://[fe80::1]/x', 'private_address'],
    ['https://evil.example/x', 'undeclared_host'],
    ['https://api.upstream.test.evil.example/x', 'undeclared_host'],
    ['https://storage.test/x', 'undeclared_host'],
    ['http://bucket-eu.storage.test/x', 'insecure_downgrade'],
    ['ftp://bucket-eu.storage.test/x', 'unsupported_scheme'],
    ['file:///etc/passwd', 'unsupported_scheme'],
    ['http://[bad', 'malformed_location'],
    ['https://user:pw@bucket-eu.storage.test/x', 'credentials_in_location'],
  ])('%s → UPSTREAM_REDIRECT_REFUSED (%s), nothing sent there', async (to, reason) => {
    const error = await refusal(to);
    expect(error.code).toBe('UPSTREAM_REDIRECT_REFUSED');
    expect(error.retryable).toBe(false);
    expect(error.details[0]).toMatchObject({
      reason,
      redirect_status: 302,
      upstream_host: 'api.upstream.test',
    });
    expect(error.hints.length).toBeGreaterThan(0);
    expect(arrived).toEqual([`${API}/redirect`]);
    // The target's path and query (a signature, a metadata path) never reach the envelope.
    expect(JSON.stringify({ s: error.summary, d: error.details })).not.toMatch(/meta-data|passwd/);
  });

  it('follows a declared storage host (suffix pattern) without any credential', async () => {
    location = `${STORAGE}/doc?X-Amz-Signature=abc`;
    const res = await fetcher.send({ method: 'GET', url: `${API}/redirect`, headers: CREDENTIALS });
    expect(res.url).toBe(`${STORAGE}/doc?X-Amz-Signature=abc`);
    expect(res.json()).toEqual({
      authorization: null,
      amz: null,
      cookie: null,
      key: null,
      accept: 'application/json',
    });
  });

  it('follows a declared sibling host of the upstream, credentials dropped', async () => {
    location = 'https://api-eu.upstream.test/moved';
    const res = await fetcher.send({ method: 'GET', url: `${API}/redirect`, headers: CREDENTIALS });
    expect(res.json()).toMatchObject({ authorization: null, amz: null, cookie: null, key: null });
  });

  it('https → http on the SAME host is followed without credentials (another origin)', async () => {
    location = 'http://api.upstream.test/plain';
    const res = await fetcher.send({ method: 'GET', url: `${API}/redirect`, headers: CREDENTIALS });
    expect(res.url).toBe('http://api.upstream.test/plain');
    expect(res.json()).toEqual({
      authorization: null,
      amz: null,
      cookie: null,
      key: null,
      accept: 'application/json',
    });
  });

  it('a same-origin redirect keeps the credentials', async () => {
    location = '/same';
    const res = await fetcher.send({ method: 'GET', url: `${API}/redirect`, headers: CREDENTIALS });
    expect(res.json()).toMatchObject({ authorization: `Bearer ${CANARY}`, amz: CANARY, key: CANARY });
  });

  it('a fetcher that declares nothing follows only its own host', async () => {
    const bare = createFetcher({ timeoutMs: 2_000 });
    location = `${STORAGE}/doc`;
    const error = await bare.send({ method: 'GET', url: `${API}/redirect` }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'UPSTREAM_REDIRECT_REFUSED' });
    await bare.close();
  });
});

describe('redirect scope (rule)', () => {
  const hosts = new RedirectHosts(['*.amazonaws.com', 'API.example.com.']);
  const asked = new URL('https://api.example.com/a');
  const rule = (to: string, from = asked) => redirectRefusal(asked, from, new URL(to), hosts);

  it('declared names match case-insensitively and without a trailing dot; suffixes need a subdomain', () => {
    expect(rule('https://tortuga-prod-na.s3-external-1.amazonaws.com/x')).toBeUndefined();
    expect(rule('https://API.EXAMPLE.COM./x')).toBeUndefined();
    expect(rule('https://amazonaws.com/x')).toBe('undeclared_host');
    expect(rule('https://notamazonaws.com/x')).toBe('undeclared_host');
  });

  it('the asked origin is always allowed, even on a loopback address the operator configured', () => {
    const local = new URL('http://127.0.0.1:9000/sp');
    expect(redirectRefusal(local, local, new URL('http://127.0.0.1:9000/other'), hosts)).toBeUndefined();
    expect(redirectRefusal(local, local, new URL('http://127.0.0.1:9001/other'), hosts)).toBe(
      'private_address',
    );
  });

  it('classifies literal addresses in every form the URL parser normalizes', () => {
    for (const host of [
      '127.0.0.1',
      '[::1]',
      '[::ffff:7f00:1]',
      '[::]',
      '0.0.0.0',
      '100.64.1.1',
      '172.31.255.255',
      '224.0.0.1',
      '[ff02::1]',
      'foo.localhost',
      'LOCALHOST.',
    ])
      expect(isPrivateHost(new URL(`http://${host}/`).hostname), host).toBe(true);
    for (const host of ['8.8.8.8', '172.32.0.1', '[2606:4700::1111]', 'sellingpartnerapi-na.amazon.com'])
      expect(isPrivateHost(new URL(`http://${host}/`).hostname), host).toBe(false);
  });

  it('nextHop drops every credential on an https → http downgrade of the same host (mutation H4)', () => {
    const hop: Hop = {
      url: new URL('https://api.test/a'),
      method: 'GET',
      headers: {
        authorization: 'Bearer x',
        'proxy-authorization': 'Basic eDp5',
        cookie: 'a=b',
        accept: 'application/json',
      },
      body: undefined,
    };
    const res = new Response(null, { status: 302, headers: { location: 'http://api.test/b' } });
    expect(nextHop(hop, res)?.headers).toEqual({ accept: 'application/json' });
  });
});
