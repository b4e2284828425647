// A non-2xx Openbridge response → UpstreamHttpError with parsed details, Retry-After, request id and hints.
import { parseRetryAfter, UpstreamHttpError } from '@obmcp/contract';
import type { UpstreamResponse } from '@obmcp/http-kit';
import { detailsFromBody } from './error-body.js';
import { requestIdOf } from './response-meta.js';

export interface HttpErrorContext {
  /** Resource named in the 404 hint, e.g. 'subscription'. */
  resource?: string;
  secrets: readonly string[];
}

export function toHttpError(res: UpstreamResponse, ctx: HttpErrorContext): UpstreamHttpError {
  const hints: string[] = [];
  if (res.status === 404 && ctx.resource)
    hints.push(`Verify the ${ctx.resource} id belongs to the authenticated account.`);
  if (res.status === 429) hints.push('Openbridge allows 1,000 requests per 5 minutes per IP address.');
  if (res.status === 403 && ctx.resource) {
    hints.push(`The authenticated Openbridge account may not have access to this ${ctx.resource}.`);
  }
  return new UpstreamHttpError(res.status, {
    service: 'Openbridge API',
    details: detailsFromBody(res.text(), res.headers.get('content-type'), ctx.secrets),
    retryAfterSeconds: parseRetryAfter(res.headers.get('retry-after')),
    requestId: requestIdOf(res.headers),
    hints,
  });
}
