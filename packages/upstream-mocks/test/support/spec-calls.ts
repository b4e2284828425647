// Test support: call an operation through the mocks with a spec-valid request and check the answer.
import type { SpecFamily } from '@obmcp/upstream-specs';
import type { RequestHandler } from 'msw';
import { accessTokenState, issueAccessToken } from '../../src/lwa/tokens.js';
import {
  checkResponse,
  loadOperation,
  matchRoute,
  type Operation,
  type OperationRoute,
  sampleRequest,
} from '../../src/spec/index.js';

export const SP_BASE = 'https://sellingpartnerapi-na.amazon.com';
export const SP_SANDBOX_BASE = 'https://sandbox.sellingpartnerapi-na.amazon.com';
export const ADS_BASE = 'https://advertising-api.amazon.com';
export const ADS_SCOPE = '1111111111';

let token: string | undefined;
/** One token for the tests, issued again once the mocks forgot it (a reset between test files). */
export function accessToken(): string {
  if (token === undefined || accessTokenState(token) === 'unknown')
    token = issueAccessToken('mock-test-client', 'mock-test-refresh');
  return token;
}

export function authHeaders(family: SpecFamily): Record<string, string> {
  return family === 'sp-api'
    ? { 'x-amz-access-token': accessToken(), 'user-agent': 'obmcp-test/1.0 (Language=TypeScript)' }
    : {
        authorization: `Bearer ${accessToken()}`,
        'amazon-advertising-api-clientid': 'amzn1.application-oa2-client.mockadsclient000',
        'amazon-ads-clientid': 'amzn1.application-oa2-client.mockadsclient000',
        'amazon-advertising-api-scope': ADS_SCOPE,
      };
}

export interface CallResult {
  op: Operation;
  request: Request;
  status: number;
  contentType: string | null;
  body: unknown;
  problems: string[];
}

export async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends `request` (or a sampled spec-valid one) and checks the answer against the operation. */
export async function call(op: Operation, request?: Request): Promise<CallResult> {
  const base = op.family === 'sp-api' ? SP_BASE : ADS_BASE;
  const req = request ?? sampleRequest(op, { base, headers: authHeaders(op.family) });
  const res = await fetch(new Request(req.clone(), { redirect: 'manual' }));
  const body = await readBody(res);
  const contentType = res.headers.get('content-type');
  const problems = checkResponse(op, res.status, contentType, body).map((p) => p.message);
  return { op, request: req, status: res.status, contentType, body, problems };
}

/** An SP call (JSON body if given) through the mocks: its status, parsed body and the model's complaints. */
export async function sendSp(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; problems: string[] }> {
  const res = await fetch(`${SP_BASE}${path}`, {
    method,
    headers: {
      ...authHeaders('sp-api'),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed = await readBody(res);
  const hit = matchRoute('sp-api', method, new URL(`${SP_BASE}${path}`).pathname);
  if (!hit) throw new Error(`no SP operation for ${method} ${path}`);
  const op = await loadOperation(hit.route);
  return {
    status: res.status,
    body: parsed,
    problems: checkResponse(op, res.status, res.headers.get('content-type'), parsed).map((p) => p.message),
  };
}

/** The operations the hand-written handlers serve (by matching each handler's path to the spec). */
export function handWrittenRoutes(handlers: RequestHandler[], family: SpecFamily): OperationRoute[] {
  const out = new Map<string, OperationRoute>();
  for (const h of handlers) {
    const info = h.info as { method?: unknown; path?: unknown };
    if (typeof info.path !== 'string' || typeof info.method !== 'string') continue;
    if (info.path.endsWith('/*')) continue;
    let url: URL;
    try {
      url = new URL(info.path.replace(/:([A-Za-z0-9_]+)/g, 'X$1'));
    } catch {
      continue;
    }
    const hit = matchRoute(family, info.method, url.pathname);
    if (hit) out.set(`${hit.route.method} ${hit.route.path}`, hit.route);
  }
  return [...out.values()];
}

export { loadOperation };
