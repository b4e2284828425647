// A non-2xx Openbridge response → parsed details and hints (the pipeline adds Retry-After and the request id).
import type { ParsedError, UpstreamResponse } from '@obmcp/http-kit';
import { detailsFromBody } from '@obmcp/openbridge-upstream';

export interface HttpErrorContext {
  /** Resource named in the 404 hint, e.g. 'subscription'. */
  resource?: string;
  secrets: readonly string[];
}

export function parseOpenbridgeError(res: UpstreamResponse, ctx: HttpErrorContext): ParsedError {
  const hints: string[] = [];
  if (res.status === 404 && ctx.resource)
    hints.push(`Verify the ${ctx.resource} id belongs to the authenticated account.`);
  if (res.status === 429) hints.push('Openbridge allows 1,000 requests per 5 minutes per IP address.');
  if (res.status === 403 && ctx.resource) {
    hints.push(`The authenticated Openbridge account may not have access to this ${ctx.resource}.`);
  }
  return { details: detailsFromBody(res.text(), res.headers.get('content-type'), ctx.secrets), hints };
}
