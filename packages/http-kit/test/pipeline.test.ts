// The shared pipeline against a loopback upstream: _meta rules, re-auth once, limiter before the wire, forwarding, cancellation.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthError, RateLimitedError, UpstreamHttpError } from '@obmcp/contract';
import { createMetaCollector } from '@obmcp/mcp-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthPlugin,
  createFetcher,
  createLimiter,
  createPipeline,
  credentialFailure,
  credentialPipeline,
  type ExchangeRequest,
  formBody,
  rateLimitHeaders,
  requestCredential,
  type UpstreamDescription,
} from '../src/index.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let base = '';
let handler: Handler = (_req, res) => res.end();
const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
const closed: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      req.socket.once('close', () => closed.push(req.url ?? ''));
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

let tokens = 0;
const auth: AuthPlugin = {
  headers: () => ({ authorization: `Bearer t${tokens}` }),
  invalidate: () => {
    tokens += 1;
  },
  isExpired: (res) => res.status === 401,
};

function pipeline(overrides: Partial<UpstreamDescription> = {}) {
  return createPipeline({
    name: 'test',
    service: 'Test API',
    fetcher: createFetcher({ timeoutMs: 60_000 }),
    baseUrl: () => base,
    auth,
    headers: rateLimitHeaders('x-ratelimit', ['x-request-id']),
    errors: () => ({ details: [], hints: [] }),
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxTotalMs: 5_000 },
    ...overrides,
  });
}

const get = (extra: Partial<ExchangeRequest> = {}): ExchangeRequest => ({
  operation: 'getThing',
  method: 'GET',
  path: '/thing',
  ...extra,
});

describe('_meta rules', () => {
  it('after retries: the last answer’s rate limit and request id, each warning once, no Retry-After on success', async () => {
    let n = 0;
    handler = (_req, res) => {
      n += 1;
      const common = { warning: '199 - "stale"', 'x-request-id': `r${n}`, 'retry-after': '0' };
      if (n < 3) json(res, 503, { message: 'busy' }, { ...common, 'x-ratelimit-limit': '9' });
      else json(res, 200, { ok: true }, { ...common, 'x-ratelimit-limit': '2.5' });
    };
    const meta = createMetaCollector();
    const result = await pipeline().exchange(get({ meta }));
    expect(result.body).toEqual({ ok: true });
    expect(meta.snapshot()).toEqual({
      rate_limit: { limit_per_second: 2.5 },
      request_id: 'r3',
      warnings: [{ kind: 'upstream_warning', summary: '199 - "stale"', details: [], hints: [] }],
    });
  });

  it('a failure carries the upstream Retry-After of the last answer', async () => {
    handler = (_req, res) =>
      json(res, 503, { message: 'busy' }, { 'retry-after': '30', 'x-request-id': 'r9' });
    const meta = createMetaCollector();
    const error = await pipeline()
      .exchange(get({ meta }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect((error as UpstreamHttpError).retryAfterSeconds).toBe(30);
    expect(meta.snapshot()).toMatchObject({ retry_after_seconds: 30, request_id: 'r9' });
  });
});

describe('credentials', () => {
  it('an expired-token answer refreshes once and resends once', async () => {
    tokens = 0;
    handler = (req, res) =>
      req.headers.authorization === 'Bearer t1'
        ? json(res, 200, { ok: 1 })
        : json(res, 401, { message: 'expired' });
    await expect(pipeline().exchange(get())).resolves.toMatchObject({ body: { ok: 1 } });
    handler = (_req, res) => json(res, 401, { message: 'expired' });
    const before = seen.length;
    await expect(pipeline().exchange(get())).rejects.toMatchObject({ status: 401 });
    expect(seen.length - before).toBe(2);
  });
});

describe('a failure to obtain credentials', () => {
  it("is not repeated by the call's own retry: the token service sees only its exchange's attempts", async () => {
    let tokenRequests = 0;
    const token = credentialPipeline({
      name: 'token',
      service: 'Token service',
      fetcher: createFetcher({ timeoutMs: 60_000 }),
      baseUrl: () => `${base}/token-down`,
      headers: rateLimitHeaders('x-ratelimit', ['x-request-id']),
      errors: () => ({ details: [], hints: [] }),
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5, maxTotalMs: 5_000 },
    });
    const tokenAuth: AuthPlugin = {
      headers: async () => {
        await requestCredential(token, { operation: 'grant', method: 'POST', path: '' });
        return { authorization: 'Bearer never' };
      },
      invalidate: () => undefined,
      isExpired: () => false,
    };
    handler = (req, res) => {
      if (req.url === '/token-down') tokenRequests += 1;
      json(res, 503, { error: 'down' }, { 'retry-after': '0' });
    };
    const before = seen.length;
    // The call retries a 503 up to 3 attempts, the token exchange up to 2: 2 token requests, not 3 × 2.
    const error = await pipeline({ auth: tokenAuth })
      .exchange(get())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503 });
    expect(tokenRequests).toBe(2);
    expect(seen.slice(before).every((s) => s.url === '/token-down')).toBe(true);
  });
});

describe('pre-flight limiter', () => {
  it('refuses before the wire with the computed wait; keys read <name>:<operation>@<scope>', async () => {
    handler = (_req, res) => json(res, 200, {});
    const limiter = createLimiter({ maxWaitMs: 0 });
    const p = pipeline({ limits: { limiter, rule: () => ({ rate: 0.5, burst: 1 }) } });
    await p.exchange(get({ limitScope: 'acct' }));
    const before = seen.length;
    const error = await p.exchange(get({ limitScope: 'acct' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBeGreaterThan(1);
    expect((error as RateLimitedError).summary).toContain('test:getThing@acct');
    expect(seen.length).toBe(before);
  });
});

describe('forwarding seam', () => {
  it('extraQuery and extraBody reach the upstream; declared fields win', async () => {
    handler = (_req, res) => json(res, 200, {});
    await pipeline().exchange({
      operation: 'put',
      method: 'POST',
      path: '/thing',
      query: { a: '1' },
      extraQuery: { a: 'x', newField: 'y' },
      body: { name: 'n' },
      extraBody: { name: 'ignored', brandNew: true },
    });
    const last = seen.at(-1);
    expect(last?.url).toBe('/thing?a=1&newField=y');
    expect(JSON.parse(last?.body ?? '{}')).toEqual({ name: 'n', brandNew: true });
  });
});

describe('request headers', () => {
  it('asks for JSON unless the operation names another type, and labels a JSON body as JSON', async () => {
    handler = (_req, res) => json(res, 200, {});
    await pipeline().exchange(get());
    expect(seen.at(-1)?.headers.accept).toBe('application/json');
    await pipeline().exchange(get({ accept: 'text/csv' }));
    expect(seen.at(-1)?.headers.accept).toBe('text/csv');
    await pipeline().exchange({ operation: 'put', method: 'POST', path: '/thing', body: { a: 1 } });
    expect(seen.at(-1)?.headers['content-type']).toBe('application/json');
  });
});

describe('cancellation', () => {
  it("the caller's abort right after the request arrives rejects with its reason and closes the connection", async () => {
    handler = () => undefined; // never answers
    const caller = new AbortController();
    const arrived = seen.length;
    const call = pipeline()
      .exchange(get({ path: '/stall', signal: caller.signal }))
      .catch((e: unknown) => e);
    while (seen.length === arrived) await new Promise((r) => setTimeout(r, 1));
    caller.abort(new Error('tool cancelled'));
    expect(((await call) as Error).message).toBe('tool cancelled');
    while (!closed.includes('/stall')) await new Promise((r) => setTimeout(r, 1));
    expect(closed).toContain('/stall');
  });
});

describe('credential exchanges (credentialPipeline)', () => {
  const tokenPipeline = (limits?: UpstreamDescription['limits']) =>
    credentialPipeline({
      name: 'test',
      service: 'Token service',
      fetcher: createFetcher({ timeoutMs: 60_000 }),
      baseUrl: () => `${base}/token`,
      headers: rateLimitHeaders('x-ratelimit', ['x-request-id']),
      errors: (res) => ({ summary: `token HTTP ${res.status}`, details: [], hints: ['check the secret'] }),
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxTotalMs: 5_000 },
      ...(limits ? { limits } : {}),
    });
  const grant = { operation: 'grant', method: 'POST' as const, path: '', body: formBody({ a: 'b c' }) };

  it('sends no credentials, a form body as a form, and retries a 503 (Retry-After honoured) into a 200', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls += 1;
      if (calls === 1) json(res, 503, { error: 'busy' }, { 'retry-after': '0' });
      else json(res, 200, { access_token: 'tok' });
    };
    const before = seen.length;
    const res = await requestCredential(tokenPipeline(), grant);
    expect(res.body).toEqual({ access_token: 'tok' });
    const sent = seen.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.headers.authorization).toBeUndefined();
    expect(sent[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent[0]?.body).toBe('a=b+c');
  });

  it('a rejected credential is not repeated and maps to an AuthError with the parser`s summary and hints', async () => {
    handler = (_req, res) => json(res, 400, { error: 'invalid_grant' }, { 'x-request-id': 'r-1' });
    const before = seen.length;
    const error = await requestCredential(tokenPipeline(), grant).catch((e: unknown) => e);
    expect(seen.length - before).toBe(1);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    const auth = credentialFailure(error as UpstreamHttpError, ['more']);
    expect(auth).toBeInstanceOf(AuthError);
    expect(auth).toMatchObject({
      status: 400,
      retryable: false,
      summary: 'token HTTP 400',
      requestId: 'r-1',
    });
    expect(auth.hints).toEqual(['check the secret', 'more']);
  });

  it('an outage after the retries stays the upstream HTTP failure (retryable, marked); a 429 stays as is', async () => {
    handler = (_req, res) => json(res, 503, { error: 'busy' }, { 'retry-after': '0', 'x-request-id': 'r-2' });
    const before = seen.length;
    const outage = await requestCredential(tokenPipeline(), grant).catch((e: unknown) => e);
    expect(seen.length - before).toBe(3);
    const mapped = credentialFailure(outage as UpstreamHttpError, ['more']);
    expect(mapped).toBeInstanceOf(UpstreamHttpError);
    expect(mapped).not.toBeInstanceOf(AuthError);
    expect(mapped).toMatchObject({
      status: 503,
      summary: 'token HTTP 503',
      requestId: 'r-2',
      retryAfterSeconds: 0,
    });
    // The credential hints are for a rejected credential, not for an outage.
    expect(mapped.hints).toEqual(['check the secret']);
    expect(mapped.details[0]).toMatchObject({ credential_exchange: true, received_type: 'upstream_error' });
    expect(mapped.details[0]?.issue).toContain('Token service answered HTTP 503');
    const throttled = new UpstreamHttpError(429, { retryAfterSeconds: 2 });
    expect(credentialFailure(throttled)).toBe(throttled);
  });

  it('a token issued for another credential (`auth`) carries it and refreshes it once after an expired answer', async () => {
    let issued = 0;
    let invalidated = 0;
    const issuing: AuthPlugin = {
      headers: () => ({ authorization: `Bearer jwt${issued}` }),
      invalidate: () => {
        invalidated += 1;
        issued += 1;
      },
      isExpired: (res) => res.status === 401,
    };
    const brokered = (auth: AuthPlugin) =>
      credentialPipeline({
        name: 'test',
        service: 'Broker',
        fetcher: createFetcher({ timeoutMs: 60_000 }),
        baseUrl: () => `${base}/broker`,
        headers: rateLimitHeaders('x-ratelimit', ['x-request-id']),
        errors: () => ({ details: [], hints: [] }),
        retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxTotalMs: 5_000 },
        auth,
      });
    handler = (req, res) =>
      req.headers.authorization === 'Bearer jwt0' ? json(res, 401, {}) : json(res, 200, { token: 'x' });
    const before = seen.length;
    const res = await requestCredential(brokered(issuing), { operation: 'broker', method: 'GET', path: '' });
    expect(res.body).toEqual({ token: 'x' });
    expect(seen.slice(before).map((s) => s.headers.authorization)).toEqual(['Bearer jwt0', 'Bearer jwt1']);
    expect(invalidated).toBe(1);
    // A second rejection stands: one refresh per request, never a loop.
    handler = (_req, res) => json(res, 401, {});
    const again = seen.length;
    const error = await requestCredential(brokered(issuing), {
      operation: 'broker',
      method: 'GET',
      path: '',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(seen.length - again).toBe(2);
    expect(invalidated).toBe(2);
  });

  it('given limits, a token request spends from the same bucket as the API calls', async () => {
    handler = (_req, res) => json(res, 200, { access_token: 'tok' });
    const limiter = createLimiter({ maxWaitMs: 0 });
    const limits = { limiter, rule: () => ({ rate: 0.001, burst: 1 }), bucket: () => 'all' };
    await requestCredential(tokenPipeline(limits), grant);
    await expect(pipeline({ limits }).exchange(get())).rejects.toBeInstanceOf(RateLimitedError);
  });
});

describe('failureOn2xx and errorsInSuccess', () => {
  const failing = pipeline({
    failureOn2xx: (body) =>
      (body as { errors?: unknown[] }).errors?.length ? new Error('errors in a 2xx') : undefined,
  });

  it('a 2xx the app calls a failure is thrown, unless the operation documents errors in its success body', async () => {
    handler = (_req, res) => json(res, 200, { errors: [{ code: 'InvalidInput', message: 'bad ASIN' }] });
    await expect(failing.exchange(get())).rejects.toThrow('errors in a 2xx');
    const result = await failing.exchange(get({ errorsInSuccess: true }));
    expect(result.body).toEqual({ errors: [{ code: 'InvalidInput', message: 'bad ASIN' }] });
  });
});
