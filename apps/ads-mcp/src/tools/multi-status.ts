// SP/SB v3+ 207 multi-status: successes plus one envelope-shaped error record per failed item; a batch
// in which every item failed is an ads_api_http envelope whose details name each item.
import { type CallContext, type Detail, UpstreamHttpError } from '@obmcp/contract';
import { readMutationError } from '../http/mutation-error.js';

/** One failed item of a batch, shaped like an envelope so one error handler reads both. */
export interface ItemErrorRecord {
  index: number | null;
  error_kind: 'ads_api_http';
  error_code: 'ADS_API_HTTP_207';
  /** Amazon's reason for the item (e.g. ENTITY_NOT_FOUND), else its errorType. */
  code: string | null;
  message: string;
  /** Where in the submitted item Amazon located the error (JSON pointer), when it said. */
  field: string | null;
  retryable: boolean;
  /** Every error Amazon listed for the item (usually one). */
  errors: Array<{ code: string | null; message: string; field: string | null; errorType: string | null }>;
}

/** An item with no errorType (null) is not retryable: its failure is not known to be transient. */
const RETRYABLE_TYPES: ReadonlySet<string | null> = new Set(['throttledError', 'internalServerError']);

function recordOf(raw: unknown): ItemErrorRecord {
  const item = (raw ?? {}) as { index?: unknown; errors?: unknown };
  const index = typeof item.index === 'number' ? item.index : null;
  const errors = (Array.isArray(item.errors) ? item.errors : []).map((e) => {
    const m = readMutationError((e ?? {}) as Record<string, unknown>);
    return {
      code: m.code ?? null,
      message: m.message ?? 'item failed',
      field: m.pointer ?? null,
      errorType: m.errorType ?? null,
    };
  });
  const first = errors[0];
  return {
    index,
    error_kind: 'ads_api_http',
    error_code: 'ADS_API_HTTP_207',
    code: first?.code ?? null,
    message: first?.message ?? 'item failed',
    field: first?.field ?? null,
    retryable: errors.length > 0 && errors.every((e) => RETRYABLE_TYPES.has(e.errorType)),
    errors,
  };
}

function detailOf(entity: string, r: ItemErrorRecord): Detail {
  const itemPath = r.index === null ? entity : `${entity}/${r.index}`;
  return {
    path: r.field?.startsWith(`${itemPath}`) ? r.field : itemPath,
    issue: r.message,
    received_type: 'upstream_error',
    index: r.index,
    ...(r.code === null ? {} : { upstream_code: r.code }),
    ...(r.field === null ? {} : { field: r.field }),
  };
}

/**
 * Reads `{success[], error[]}` of a 207 answer for `submitted` items. Some failed: the result keeps the
 * successes and an error record per failed item (and a partial_results warning). All failed: throws.
 */
export function reportMultiStatus(
  entity: string,
  part: unknown,
  submitted: number,
  call: CallContext,
  requestId?: string,
) {
  const p = (part ?? {}) as { success?: unknown; error?: unknown };
  const success = Array.isArray(p.success) ? p.success : [];
  const errors = (Array.isArray(p.error) ? p.error : []).map(recordOf);
  const details = errors.slice(0, 25).map((r) => detailOf(entity, r));
  if (errors.length > 0 && success.length === 0) {
    throw new UpstreamHttpError(207, {
      service: 'Amazon Ads API',
      summary: `Amazon Ads API rejected all ${errors.length} ${entity} of the batch (HTTP 207 multi-status).`,
      details,
      hints: [`details[].index points into the submitted ${entity} array; nothing was applied.`],
      requestId,
    });
  }
  if (errors.length > 0) {
    call.meta.addWarning({
      kind: 'partial_results',
      summary: `${errors.length} of ${submitted} ${entity} failed; see errors[] in the result.`,
      details,
      hints: [`errors[].index points into the submitted ${entity} array; items in success[] were applied.`],
    });
  }
  return { submitted, succeeded: success.length, failed: errors.length, success, errors };
}
