// createPipeline: the one upstream loop — credentials → limiter → fetch → headers → body/error, with bounded retry.
import { UpstreamHttpError } from '@obmcp/contract';
import { withRetry } from '../retry.js';
import type { UpstreamResponse } from '../types.js';
import { decodeSuccess } from './decode.js';
import { type Outgoing, outgoing } from './outgoing.js';
import { MetaTrail, type ResponseMeta, readResponseMeta } from './response-meta.js';
import { pipelineShouldRetry } from './should-retry.js';
import type { ExchangeRequest, ExchangeResult, UpstreamDescription } from './types.js';

export interface Pipeline<C = undefined> {
  /** Runs one upstream operation; resolves with a 2xx answer, throws a contract error otherwise. */
  exchange(req: ExchangeRequest<C>): Promise<ExchangeResult>;
  /** The description this pipeline runs (for apps that need its fetcher or limiter). */
  readonly upstream: UpstreamDescription<C>;
}

/**
 * Failures to obtain credentials (a token exchange that already ran its own bounded retry): the API call's
 * loop does not repeat them, so a failing token service sees its exchange's attempts, not that many times
 * the call's attempts.
 */
const credentialFailures = new WeakSet<object>();

function markCredentialFailure(failure: unknown): never {
  if (typeof failure === 'object' && failure !== null) credentialFailures.add(failure);
  throw failure;
}

function isCredentialFailure(error: unknown): boolean {
  // A WeakSet holds no primitive: `has` answers false for one.
  return credentialFailures.has(error as object);
}

export function createPipeline<C = undefined>(upstream: UpstreamDescription<C>): Pipeline<C> {
  const { fetcher, auth, limits } = upstream;

  /** The credential headers (a fresh cached token answers without a promise); a failure is marked as such. */
  const credentials = (
    scope: string | false,
    signal?: AbortSignal,
  ): Record<string, string> | Promise<Record<string, string>> => {
    if (scope === false) return {};
    let headers: ReturnType<typeof auth.headers>;
    try {
      headers = auth.headers(scope, signal);
    } catch (failure) {
      return markCredentialFailure(failure);
    }
    return headers instanceof Promise ? headers.catch(markCredentialFailure) : headers;
  };

  const toHttpError = (
    res: UpstreamResponse,
    meta: ResponseMeta,
    req: ExchangeRequest<C>,
  ): UpstreamHttpError => {
    const parsed = upstream.errors(res, req);
    const requestId = meta.requestId ?? parsed.requestId;
    // An undefined field is an absent one (the error's constructor copies each as given).
    return new UpstreamHttpError(res.status, {
      service: upstream.service,
      prefix: upstream.codePrefix,
      summary: parsed.summary,
      details: parsed.details,
      hints: parsed.hints,
      retryAfterSeconds: meta.retryAfterSeconds,
      requestId,
    });
  };

  async function exchange(req: ExchangeRequest<C>): Promise<ExchangeResult> {
    const request: Outgoing = outgoing(req, upstream.baseUrl());
    const scope = req.auth ?? '';
    /** The limiter bucket this call spends from, with the limits it lives in (none: no pre-flight limiter). */
    const bucket =
      limits === undefined || req.limitScope === false
        ? undefined
        : {
            key: `${upstream.name}:${limits.bucket?.(req.operation) ?? req.operation}@${req.limitScope ?? 'default'}`,
            limits,
          };
    const trail = new MetaTrail();
    let reauthorized = false;
    let previousFailure: unknown;

    /** One request on the wire (plus the single resend after an expired token). */
    const send = async (initial: Record<string, string>): Promise<ExchangeResult> => {
      let authHeaders = initial;
      for (;;) {
        // An undefined option is the fetcher's default, as when it is absent.
        const res = await fetcher.send({
          method: req.method,
          url: request.url,
          headers: { ...request.headers, ...authHeaders },
          body: request.body,
          maxBodyBytes: req.maxBodyBytes,
          timeoutMs: req.timeoutMs,
          signal: req.signal,
        });
        const meta = readResponseMeta(res.headers, upstream.headers);
        trail.record(res.headers, res.ok, meta);
        upstream.log?.debug('upstream response', { operation: req.operation, status: res.status });
        if (bucket && meta.limitPerSecond !== undefined && bucket.limits.learn !== false) {
          bucket.limits.limiter.learn(bucket.key, meta.limitPerSecond);
        }
        if (res.ok) {
          const body = decodeSuccess(res, upstream.service, req.responseType);
          const failure = req.errorsInSuccess ? undefined : upstream.failureOn2xx?.(body, res);
          if (failure) throw failure;
          return { status: res.status, headers: res.headers, body, bytes: res.bytes };
        }
        if (scope !== false && !reauthorized && auth.isExpired(res)) {
          reauthorized = true;
          upstream.log?.info('access token rejected upstream; refreshing once', { operation: req.operation });
          auth.invalidate(scope);
          authHeaders = await credentials(scope, req.signal);
          continue;
        }
        if (res.status === 429 && bucket && meta.retryAfterSeconds !== undefined) {
          await bucket.limits.limiter.penalize(bucket.key, Date.now() + meta.retryAfterSeconds * 1000);
        }
        throw toHttpError(res, meta, req);
      }
    };

    const attempt = async (): Promise<ExchangeResult> => {
      // Credentials before the limiter's token: a token exchange (LWA, a restricted-data token) between
      // the token and the wire would delay this request's arrival more than the next one's, and an upstream
      // bucket that counts arrivals would then see two requests closer together than the limiter spaced them.
      let authHeaders: Record<string, string>;
      try {
        authHeaders = await credentials(scope, req.signal);
      } catch (failure) {
        previousFailure = failure;
        throw failure;
      }
      if (bucket) {
        try {
          await bucket.limits.limiter.acquire(bucket.key, bucket.limits.rule(req.operation), req.signal);
        } catch (refusal) {
          // Our own limiter refusing a *retry* must not hide what upstream said on the previous try (a first
          // attempt has no previous failure: credentials are asked before the limiter).
          if (previousFailure !== undefined) throw previousFailure;
          throw refusal;
        }
      }
      try {
        return await send(authHeaders);
      } catch (failure) {
        previousFailure = failure;
        throw failure;
      }
    };

    const shouldRetry = pipelineShouldRetry(
      req.idempotent ?? (req.method === 'GET' || req.method === 'HEAD'),
    );
    let failed = true;
    try {
      const result = await withRetry(attempt, {
        ...upstream.retry,
        shouldRetry: (error, n) => (isCredentialFailure(error) ? { retry: false } : shouldRetry(error, n)),
        signal: req.signal,
      });
      failed = false;
      return result;
    } finally {
      if (req.meta) trail.applyTo(req.meta, failed);
    }
  }

  return { exchange, upstream };
}
