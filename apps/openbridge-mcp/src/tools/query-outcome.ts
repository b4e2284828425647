// A query whose answer never came (timeout_seconds ran out, or a gateway gave up): the warehouse may still be running it.
import {
  type ContractError,
  PartialWriteError,
  UpstreamHttpError,
  UpstreamTransportError,
} from '@obmcp/contract';

/**
 * The Query API was asked and gave no answer in time: our timeout_seconds ran out, or its gateway's did (HTTP 504).
 * The statement is not cancelled in the warehouse (the Query API has no cancel), so whether it finished is unknown.
 */
export function queryMayStillRun(error: unknown): error is ContractError {
  if (error instanceof UpstreamTransportError) return error.code === 'UPSTREAM_TIMEOUT';
  return error instanceof UpstreamHttpError && error.status === 504;
}

/**
 * Not retryable as it stands: a read changes no data, but calling again starts the same statement a second time while
 * the first may still run (warehouse load and cost), and with the same timeout it most likely runs out again. The
 * failure keeps its own kind and code (UPSTREAM_TIMEOUT, OPENBRIDGE_HTTP_504); the hints say what to change first.
 */
export class QueryOutcomeUnknownError extends PartialWriteError {
  /** `timeoutSeconds`: the call's timeout_seconds (execute_query's default, 30, when it gave none). */
  constructor(failure: ContractError, timeoutSeconds = 30) {
    const why =
      failure instanceof UpstreamHttpError
        ? "the Query API's gateway gave up waiting (HTTP 504)"
        : `no answer within timeout_seconds (${timeoutSeconds})`;
    super(failure, {
      summary: `The query was sent but ${why}; the warehouse may still be running it.`,
      details: [
        {
          path: '',
          issue:
            'the query may still be running in the warehouse: it is not cancelled, and whether it finished is unknown',
          received_type: 'upstream_query',
          reason: 'outcome_unknown',
        },
      ],
      hints: [
        'Do not resend it unchanged: that starts it again while the first run may still hold the warehouse, and it would likely run out of time again.',
        'Make it cheaper first (a filter on a date column, fewer columns, a smaller LIMIT), or raise timeout_seconds (at most 120).',
      ],
    });
  }
}
