// A create (a POST that is not idempotent) whose answer never came or could not be read: it may have landed, so it is not retryable.
import {
  type ContractError,
  PartialWriteError,
  UpstreamHttpError,
  UpstreamTransportError,
} from '@obmcp/contract';

/**
 * The creates, each with where an agent looks for what it may have created. Openbridge's rate-limiting.md: "If a
 * POST request is interrupted before a response is received (not a 429), look up whether the resource was created
 * before retrying to avoid duplicates."
 */
export const CREATES = {
  createHistory: 'get_jobs with the subscription_id lists its jobs, a backfill that landed among them',
  createSubscription: 'get_subscriptions (status any) lists the subscriptions, a new one among them',
} as const;

export type CreateOperation = keyof typeof CREATES;

/**
 * The create's request may have been processed: no answer (timeout, a reset connection), an answer that is not
 * the API's (an HTML page or cut JSON with a 2xx), or a gateway that gave up waiting (504).
 */
export function outcomeUnknown(error: unknown): error is ContractError {
  return (
    error instanceof UpstreamTransportError || (error instanceof UpstreamHttpError && error.status === 504)
  );
}

/** The failure as it was, without its own advice (a transport failure's "try again" is wrong for a create). */
function withoutHints(failure: ContractError): ContractError {
  const init = {
    ...(failure.summary === undefined ? {} : { summary: failure.summary }),
    details: failure.details,
    ...(failure.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: failure.retryAfterSeconds }),
    ...(failure.requestId === undefined ? {} : { requestId: failure.requestId }),
    cause: failure,
  };
  if (failure instanceof UpstreamTransportError) return new UpstreamTransportError(failure.code, init);
  if (failure instanceof UpstreamHttpError)
    return new UpstreamHttpError(failure.status, {
      ...init,
      ...(failure.prefix === undefined ? {} : { prefix: failure.prefix }),
      ...(failure.service === undefined ? {} : { service: failure.service }),
    });
  return failure;
}

/** The failure, never retryable, saying the create may have landed and where to look before trying again. */
export class OutcomeUnknownError extends PartialWriteError {
  constructor(failure: ContractError, operation: CreateOperation, what: string) {
    super(withoutHints(failure), {
      summary: `${what}: the request was sent but no usable answer came back, so it may have been created.`,
      details: [
        {
          path: '',
          issue: `${what} may or may not have been created (${failure.message})`,
          received_type: 'upstream_write',
          reason: 'outcome_unknown',
        },
      ],
      hints: [
        `Check first, then retry only if it is missing: ${CREATES[operation]}. A blind retry may create it twice.`,
      ],
    });
  }
}
