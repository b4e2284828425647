// SpApiClient: limiter → LWA token → fetch → header meta → error mapping, with bounded retry.
import { type CallContext, UpstreamTransportError } from '@obmcp/contract';
import {
  type Fetcher,
  joinQuery,
  type Limiter,
  type LimitRule,
  type QueryValue,
  withRetry,
} from '@obmcp/http-kit';
import type { TokenProvider } from '../auth/token-provider.js';
import type { SpConfig } from '../config.js';
import type { Session } from '../identity/session.js';
import { spBaseUrl } from './hosts.js';
import { applyResponseMeta, type ResponseMeta, readResponseMeta } from './rate-limit-headers.js';
import { limiterKey, ruleFor, type SpOperation } from './rate-table.js';
import { spRetryPolicy } from './retry-policy.js';
import {
  errorBodyOn2xx,
  isErrorOnlyBody,
  isExpiredToken,
  readErrors,
  toUpstreamHttpError,
} from './upstream-error.js';

export interface SpRequest {
  /** Limiter key name: a curated operation of the rate table, or `<api>.<operationId>` of a generated one. */
  operation: SpOperation | string;
  /** Usage plan when the operation is not in the rate table (generated operations). */
  rule?: LimitRule;
  /** Media type to ask for (default application/json). */
  accept?: string;
  /** Header parameters of the operation (never credentials: those are set here and win). */
  headers?: Record<string, string>;
  /** The operation's success body carries `errors` as its result (no 2xx error-only check). */
  errorsInSuccess?: boolean;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path with every dynamic segment already encodeURIComponent'ed. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface SpResult {
  status: number;
  body: unknown;
}

export interface SpClientDeps {
  config: SpConfig;
  session: Session;
  tokens: TokenProvider;
  fetcher: Fetcher;
  limiter: Limiter;
}

function parseBody(res: Awaited<ReturnType<Fetcher['send']>>): unknown {
  if (res.status === 204 || res.bytes.byteLength === 0) return {};
  if (!res.isJson) {
    throw new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
      summary: 'SP-API answered with a non-JSON body.',
      details: [
        {
          path: '',
          issue: `expected application/json, got ${(res.headers.get('content-type') ?? 'no content-type').slice(0, 60)}`,
          received_type: 'upstream_response',
        },
      ],
      hints: ['Transient gateway response; retry after a short wait.'],
    });
  }
  return res.json();
}

export class SpApiClient {
  constructor(private readonly deps: SpClientDeps) {}

  async call(req: SpRequest, call: CallContext): Promise<SpResult> {
    const { config, session, tokens, fetcher, limiter } = this.deps;
    const identity = session.active();
    const sandbox = session.sandbox;
    const key = limiterKey(identity.id, req.operation);
    const url = joinQuery(`${spBaseUrl(session.region, sandbox)}${req.path}`, req.query ?? {});
    let last: ResponseMeta | undefined;
    let refreshed = false;
    let previousFailure: unknown;
    const attempt = async (n: number): Promise<SpResult> => {
      try {
        await limiter.acquire(key, req.rule ?? ruleFor(req.operation), call.signal);
      } catch (refusal) {
        // Our own limiter blocking a *retry* must not hide what upstream said on the first try.
        if (n > 1 && previousFailure !== undefined) throw previousFailure;
        throw refusal;
      }
      try {
        return await send();
      } catch (failure) {
        previousFailure = failure;
        throw failure;
      }
    };
    const send = async (): Promise<SpResult> => {
      for (;;) {
        const token = tokens.peek(identity) ?? (await tokens.get(identity, call.signal));
        const res = await fetcher.send({
          method: req.method,
          url,
          headers: {
            ...req.headers,
            'x-amz-access-token': token,
            accept: req.accept ?? 'application/json',
            ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
          signal: call.signal,
        });
        const meta = readResponseMeta(res.headers);
        last = meta;
        if (meta.limitPerSecond !== undefined) limiter.learn(key, meta.limitPerSecond);
        if (res.ok) {
          const body = parseBody(res);
          // A 2xx that carries only `errors` (no payload) is a failure, not an empty success.
          if (!req.errorsInSuccess && isErrorOnlyBody(body)) throw errorBodyOn2xx(res);
          return { status: res.status, body };
        }
        if (!refreshed && isExpiredToken(res.status, readErrors(res))) {
          refreshed = true;
          call.log.info('access token expired upstream; refreshing once', { operation: req.operation });
          tokens.invalidate(identity);
          continue;
        }
        if (res.status === 429 && meta.retryAfterSeconds !== undefined) {
          await limiter.penalize(key, Date.now() + meta.retryAfterSeconds * 1000);
        }
        throw toUpstreamHttpError(res, meta, sandbox);
      }
    };
    try {
      return await withRetry(attempt, spRetryPolicy(config, req.method === 'GET', call.signal));
    } finally {
      if (last) applyResponseMeta(last, call.meta);
    }
  }
}
