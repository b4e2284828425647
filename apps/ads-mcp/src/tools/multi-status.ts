// SP v3 207 multi-status: per-item success/error arrays kept in the result, failures flagged in _meta.warnings.
import { boundText, type CallContext, type Detail } from '@obmcp/contract';

interface ItemError {
  index?: unknown;
  errors?: Array<{
    errorType?: unknown;
    errorValue?: Record<string, { reason?: unknown; message?: unknown }>;
  }>;
}

function describe(e: ItemError): { code: string | undefined; message: string } {
  const first = e.errors?.[0];
  const value = first?.errorValue ? Object.values(first.errorValue)[0] : undefined;
  const code =
    typeof value?.reason === 'string'
      ? value.reason
      : typeof first?.errorType === 'string'
        ? first.errorType
        : undefined;
  const message = typeof value?.message === 'string' ? value.message : 'item failed';
  return { code, message: boundText(message, 300) };
}

export function reportMultiStatus(entity: string, part: unknown, submitted: number, call: CallContext) {
  const p = (part ?? {}) as { success?: unknown; error?: unknown };
  const success = Array.isArray(p.success) ? p.success : [];
  const error = (Array.isArray(p.error) ? p.error : []) as ItemError[];
  if (error.length > 0) {
    const details: Detail[] = error.slice(0, 50).map((e) => {
      const { code, message } = describe(e);
      return {
        path: typeof e.index === 'number' ? `${entity}/${e.index}` : entity,
        issue: message,
        received_type: 'upstream_error',
        ...(code === undefined ? {} : { upstream_code: code }),
      };
    });
    call.meta.addWarning({
      kind: 'partial_results',
      summary: `${error.length} of ${submitted} ${entity} failed; see error[] in the result.`,
      details,
      hints: [`error[].index points into the submitted ${entity} array; items in success[] were applied.`],
    });
  }
  return { submitted, succeeded: success.length, failed: error.length, success, error };
}
