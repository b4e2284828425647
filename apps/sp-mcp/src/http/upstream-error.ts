// SP-API error responses ({errors:[{code,message,details}]}) → the pipeline's parsed error (details, hints).
import { boundText, type Detail, UpstreamTransportError } from '@obmcp/contract';
import type { ParsedError, UpstreamResponse } from '@obmcp/http-kit';

export interface SpErrorItem {
  code: string;
  message: string;
  details: string;
}

/** Parses the error list without ever throwing (HTML or empty bodies give []). */
export function readErrors(res: UpstreamResponse): SpErrorItem[] {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    // HTML or an empty body: no error list
  }
  // A string or number body has no `errors`; null and undefined have no properties at all.
  const list = (body as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(list)) return [];
  return list.slice(0, 10).map((e) => {
    const o = (e ?? {}) as Record<string, unknown>;
    return {
      code: String(o.code ?? ''),
      message: typeof o.message === 'string' ? o.message : '',
      details: typeof o.details === 'string' ? o.details : '',
    };
  });
}

export function isExpiredToken(status: number, errors: SpErrorItem[]): boolean {
  return (
    status === 403 &&
    errors.some((e) => e.code === 'Unauthorized' && /access token.*expired/i.test(e.details))
  );
}

function hintsFor(status: number, errors: SpErrorItem[], sandbox: boolean): string[] {
  if (status === 401 || status === 403) {
    return [
      'Re-authorize the active identity if expired; check that the app has the role this operation needs.',
      'Check that the identity region matches the marketplace (na/eu/fe); use get_region to inspect it.',
    ];
  }
  if (status === 404)
    return ['Check the id in the request path; it may belong to another marketplace, region or seller.'];
  if (status === 429)
    return ['SP-API throttled this operation; wait before retrying (usage plans refill slowly).'];
  if (status >= 500) return ['Transient SP-API failure; retry after a short backoff.'];
  const hints = [
    'Inspect details[].upstream_code and issue for the upstream cause; fix the input and retry.',
  ];
  if (sandbox)
    hints.push(
      "The SP-API sandbox answers only the official models' canned requests, e.g. get_orders createdAfter=TEST_CASE_200 with marketplaceIds=['ATVPDKIKX0DER'], get_order orderId=TEST_CASE_200, get_report reportId=ID323.",
    );
  if (errors.length === 0) hints.push('Re-check tool input against the required schema fields.');
  return hints;
}

export function parseSpError(res: UpstreamResponse, sandbox: boolean): ParsedError {
  const errors = readErrors(res);
  const details = toDetails(errors);
  if (details.length === 0) {
    details.push({ path: '', issue: `SP-API returned HTTP ${res.status}`, received_type: 'upstream_error' });
  }
  return {
    summary: `SP-API request failed with HTTP ${res.status}.`,
    details,
    hints: hintsFor(res.status, errors, sandbox),
  };
}

/** `{ errors: [...] }` with no `payload`: SP-API reporting a failure inside a 2xx. */
export function isErrorOnlyBody(body: unknown): boolean {
  // Not an object (or an array): it has no `errors` list, so the check below is false.
  if (!body) return false;
  const b = body as { errors?: unknown; payload?: unknown };
  return Array.isArray(b.errors) && b.errors.length > 0 && b.payload === undefined;
}

/** A 2xx that carries only `errors`: an unreadable-response failure of the client kind (retryable). */
export function errorBodyOn2xx(body: unknown, res: UpstreamResponse): UpstreamTransportError | undefined {
  if (!isErrorOnlyBody(body)) return undefined;
  const details = toDetails(readErrors(res)).map((d) => ({ ...d, upstream_status: res.status }));
  return new UpstreamTransportError('UPSTREAM_INVALID_RESPONSE', {
    summary: `SP-API answered HTTP ${res.status} with an error body instead of a payload.`,
    details,
  });
}

/** One detail per upstream error item: code and message, never a token (boundText redacts). */
function toDetails(errors: SpErrorItem[]): Detail[] {
  return errors.map((e) => ({
    path: '',
    issue: boundText([e.message, e.details].filter((s) => s.length > 0).join(' — ') || e.code, 400),
    received_type: 'upstream_error',
    upstream_code: boundText(e.code, 80),
  }));
}
