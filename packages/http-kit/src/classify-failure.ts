// Maps whatever fetch or body reading threw to a transport error (or the caller's own abort).
import { BodyTooLargeError } from './read-body.js';
import { redirectRefusedError } from './redirect-error.js';
import { RedirectRefusedError, TooManyRedirectsError } from './redirects.js';
import {
  causeCode,
  type ExchangeInfo,
  invalidResponseError,
  timeoutError,
  unreachableError,
} from './transport-errors.js';

export interface FailureContext {
  info: ExchangeInfo;
  /** The exchange's own timeout fired (it runs on regardless of the caller's signal). */
  timedOut: boolean;
  /** The caller's signal, if any. */
  caller: AbortSignal | undefined;
}

/** undici's connect, headers and body timeouts and the socket's own (built per call: failures are rare). */
const isTimeoutCode = (code: string): boolean =>
  ['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT'].includes(code);

export function classifyFailure(error: unknown, ctx: FailureContext): unknown {
  if (error instanceof BodyTooLargeError) {
    return invalidResponseError(ctx.info, `response body exceeds ${error.maxBytes} bytes`);
  }
  if (error instanceof TooManyRedirectsError) return unreachableError(ctx.info, error);
  if (error instanceof RedirectRefusedError) return redirectRefusedError(ctx.info, error);
  // A caller who gave up is not a timeout, even when the exchange timeout fired as well.
  if (ctx.caller?.aborted) return ctx.caller.reason ?? error;
  if (ctx.timedOut) return timeoutError(ctx.info);
  const code = causeCode(error);
  // fetch reports every network failure (refused, reset, DNS, TLS, redirect loop, msw's
  // HttpResponse.error()) as a TypeError; a dropped body stream as TypeError('terminated').
  if (code === undefined) return error instanceof TypeError ? unreachableError(ctx.info, error) : error;
  // A network code (ours or a cause's) is a transport failure: a timeout when it names one.
  return isTimeoutCode(code) ? timeoutError(ctx.info, error) : unreachableError(ctx.info, error);
}
