// classify: any thrown value → exactly one v1 envelope for this server's profile.
import {
  AuthError,
  ClientSideError,
  ContractError,
  DomainValidationError,
  EnvironmentError,
  PartialWriteError,
  isOutageStatus,
  RateLimitedError,
  SandboxLimitationError,
  UpstreamHttpError,
  UpstreamTransportError,
} from '../tool/errors.js';
import { type Logger, silentLogger } from '../tool/logger.js';
import type { ServerProfile } from '../tool/types.js';
import { CANONICAL_CODES, httpCode } from '../taxonomy.js';
import { buildEnvelope, type EnvelopeInput } from './build.js';
import { HTTP_HINTS, TRANSPORT_SUMMARY } from './phrases.js';
import type { Envelope } from './types.js';

export interface ClassifyContext {
  profile: ServerProfile;
  tool: string;
  log?: Logger;
  meta?: Record<string, unknown>;
  examples?: readonly unknown[];
}

type Shape = Omit<EnvelopeInput, 'tool' | 'meta' | 'examples' | 'details' | 'hints'> &
  Required<Pick<EnvelopeInput, 'details' | 'hints'>>;

function shapeOf(error: ContractError, profile: ServerProfile): Shape {
  if (error instanceof PartialWriteError) {
    const failed = shapeOf(error.failure, profile);
    return {
      ...failed,
      summary: error.summary ?? failed.summary,
      retryable: false,
      details: [...error.details, ...failed.details],
      hints: [...error.hints, ...error.failure.hints],
    };
  }
  const base = { details: error.details, hints: error.hints };
  if (error instanceof UpstreamHttpError) {
    const prefix = error.prefix ?? profile.httpCodePrefix;
    const code = error.status === 429 ? 'RATE_LIMITED' : httpCode(prefix, error.status);
    const service = error.service ?? prefix.replace('_', '-');
    const summary = error.summary ?? `${service} request failed with HTTP ${error.status}.`;
    if (error.status === 401 || error.status === 403)
      return {
        ...base,
        kind: 'auth_error',
        code,
        summary,
        retryable: false,
        hints: [...error.hints, ...HTTP_HINTS.auth],
      };
    if (error.status === 429)
      return {
        ...base,
        kind: 'rate_limited',
        code,
        summary,
        retryable: true,
        hints: [...error.hints, ...HTTP_HINTS.rateLimited],
      };
    const retryable = isOutageStatus(error.status);
    return {
      ...base,
      kind: profile.httpKind,
      code,
      summary,
      retryable,
      hints: [...error.hints, ...(retryable ? HTTP_HINTS.retryable : HTTP_HINTS.client)],
    };
  }
  if (error instanceof UpstreamTransportError)
    return {
      ...base,
      kind: profile.clientKind,
      code: error.code,
      summary: error.summary ?? TRANSPORT_SUMMARY[error.code],
      retryable: true,
    };
  if (error instanceof AuthError)
    return {
      ...base,
      kind: 'auth_error',
      code: error.code,
      summary: error.summary ?? 'Authentication failed.',
      retryable: error.retryable,
    };
  if (error instanceof RateLimitedError)
    return {
      ...base,
      kind: 'rate_limited',
      code: 'RATE_LIMITED',
      summary: error.summary ?? 'Rate limited.',
      retryable: true,
    };
  if (error instanceof DomainValidationError)
    return {
      ...base,
      kind: 'mcp_input_validation',
      code: error.code,
      summary: error.summary ?? 'Tool input validation failed.',
      retryable: false,
    };
  if (error instanceof ClientSideError)
    return {
      ...base,
      kind: profile.clientKind,
      code: error.code,
      summary: error.summary ?? 'Client-side request preparation failed.',
      retryable: error.retryable,
    };
  if (error instanceof SandboxLimitationError)
    return {
      ...base,
      kind: 'sandbox_runtime',
      code: 'CODE_MODE_SANDBOX_LIMITATION',
      summary: error.summary ?? 'Code mode sandbox hit a known runtime limitation.',
      retryable: false,
    };
  if (error instanceof EnvironmentError)
    return {
      kind: 'internal_error',
      code: error.code,
      summary: 'The server environment failed; see the server log.',
      retryable: false,
      details: [],
      hints: [],
    };
  return internalShape();
}

function internalShape(): Shape {
  return {
    kind: 'internal_error',
    code: CANONICAL_CODES.INTERNAL_ERROR,
    summary: 'Internal server error; details are in the server log.',
    retryable: false,
    details: [],
    hints: [],
  };
}

function describeForLog(thrown: unknown): Record<string, unknown> {
  // Getters and proxies can throw: each read is guarded, the log line is best effort.
  try {
    if (thrown instanceof Error)
      return { error: { name: thrown.name, message: thrown.message, stack: thrown.stack } };
  } catch {
    // fall through to the generic description
  }
  try {
    return { error: { type: typeof thrown, value: String(thrown).slice(0, 500) } };
  } catch {
    return { error: { type: typeof thrown } };
  }
}

function isContractError(thrown: unknown): thrown is ContractError {
  let known = false;
  try {
    known = thrown instanceof ContractError;
  } catch {
    // a Proxy whose getPrototypeOf trap throws: no contract error
  }
  return known;
}

function classifyThrown(thrown: unknown, ctx: ClassifyContext, log: Logger): Envelope {
  const known = isContractError(thrown);
  let shape: Shape;
  try {
    shape = known ? shapeOf(thrown, ctx.profile) : internalShape();
  } catch {
    shape = internalShape();
  }
  const isInternal = shape.kind === 'internal_error';
  if (isInternal) log.error('tool call failed', { tool: ctx.tool, ...describeForLog(thrown) });
  else log.info('tool call returned an envelope', { tool: ctx.tool, error_code: shape.code });
  const meta: Record<string, unknown> = { ...(ctx.meta ?? {}) };
  // What the pipeline measured wins; an undefined value here is dropped by buildEnvelope.
  if (known) {
    if (meta.retry_after_seconds === undefined) meta.retry_after_seconds = thrown.retryAfterSeconds;
    if (meta.request_id === undefined) meta.request_id = thrown.requestId;
  }
  const examples =
    shape.kind === 'mcp_input_validation' || shape.code === 'BODY_COERCION_INVALID_JSON'
      ? ctx.examples
      : undefined;
  return buildEnvelope({ ...shape, tool: ctx.tool, meta, examples: examples ?? [] });
}

/** Total: whatever was thrown (and however hostile), the result is one schema-valid envelope. */
export function envelopeFromThrown(thrown: unknown, ctx: ClassifyContext): Envelope {
  const log = ctx.log ?? silentLogger;
  try {
    return classifyThrown(thrown, ctx, log);
  } catch {
    try {
      log.error('tool call failed (unclassifiable value)', {
        tool: ctx.tool,
        ...describeForLog(thrown),
      });
    } catch {
      // a failing logger must not turn a failure into a crash
    }
    return buildEnvelope({ ...internalShape(), tool: ctx.tool, examples: [] });
  }
}
