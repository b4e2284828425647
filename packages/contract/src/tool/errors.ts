// Error classes apps throw; the wiring turns each into exactly one envelope shape.
import type { EnvelopeDetail } from '../envelope/types.js';
import type { UpstreamCode } from '../taxonomy.js';
import type { HttpCodePrefix } from '../taxonomy.js';

/** Per-issue record; `path` is a JSON pointer without the leading slash ('' when n/a). */
export type Detail = EnvelopeDetail;

export interface ContractErrorInit {
  summary?: string;
  details?: Detail[];
  hints?: string[];
  /** Seconds to wait, when known (Retry-After, limiter). */
  retryAfterSeconds?: number;
  /** Upstream request id (x-amzn-RequestId …) → `_meta.request_id`. */
  requestId?: string;
  cause?: unknown;
}

/** Base class. Never thrown directly; `classify` recognises each subclass. */
export abstract class ContractError extends Error {
  readonly summary: string | undefined;
  readonly details: Detail[];
  readonly hints: string[];
  readonly retryAfterSeconds: number | undefined;
  readonly requestId: string | undefined;
  constructor(message: string, init: ContractErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.summary = init.summary;
    this.details = init.details ?? [];
    this.hints = init.hints ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.requestId = init.requestId;
  }
}

/**
 * Upstream answered with a non-2xx HTTP status. 401/403 → auth_error, 429 → rate_limited
 * (RATE_LIMITED), anything else → the profile's httpKind with `<PREFIX>_HTTP_<NNN>`.
 */
export class UpstreamHttpError extends ContractError {
  readonly status: number;
  /** Overrides the profile's prefix (e.g. an Openbridge call made by another server). */
  readonly prefix: HttpCodePrefix | undefined;
  /** Name of the upstream service for the summary, e.g. 'SP-API'. */
  readonly service: string | undefined;
  constructor(status: number, init: ContractErrorInit & { prefix?: HttpCodePrefix; service?: string } = {}) {
    super(`upstream HTTP ${status}`, init);
    this.status = status;
    this.prefix = init.prefix;
    this.service = init.service;
  }
}

/** Upstream unreachable, timed out, or answered something unreadable. Retryable. */
export class UpstreamTransportError extends ContractError {
  readonly code: UpstreamCode;
  constructor(code: UpstreamCode, init: ContractErrorInit = {}) {
    super(code, init);
    this.code = code;
  }
}

/** The upstream failed (5xx) or timed out answering (408): an outage, retryable, never a rejected request. */
export function isOutageStatus(status: number): boolean {
  return status >= 500 || status === 408;
}

/** An outage (5xx, 408) or throttling (429): the request may pass later; any other status refused it. */
export function isTransientStatus(status: number): boolean {
  return isOutageStatus(status) || status === 429;
}

/** Credential problem outside an upstream HTTP status (token exchange failed, missing config). */
export class AuthError extends ContractError {
  readonly code: string;
  /** HTTP status of the failing credential exchange, when there was one. */
  readonly status: number | undefined;
  /** A credential service outage (5xx, 429, transport) may pass; a rejected credential will not. */
  readonly retryable: boolean;
  constructor(init: ContractErrorInit & { code?: string; status?: number; retryable?: boolean } = {}) {
    super(init.summary ?? 'authentication failed', init);
    this.code = init.code ?? 'AUTHENTICATION_ERROR';
    this.status = init.status;
    this.retryable = init.retryable ?? (init.status !== undefined && isTransientStatus(init.status));
  }
}

/** Pre-flight limiter refused the call (or the app knows upstream will). Retryable. */
export class RateLimitedError extends ContractError {
  constructor(init: ContractErrorInit = {}) {
    super(init.summary ?? 'rate limited', init);
  }
}

/** A domain check that shares the SCHEMA_* shape (e.g. SCHEMA_IDENTITY_NOT_FOUND). */
export class DomainValidationError extends ContractError {
  readonly code: string;
  constructor(code: string, init: ContractErrorInit = {}) {
    super(init.summary ?? code, init);
    this.code = code;
  }
}

/** Client-side failure before upstream (BODY_COERCION_INVALID_JSON, TOOL_EXECUTION_FAILED). */
export class ClientSideError extends ContractError {
  readonly code: string;
  readonly retryable: boolean;
  constructor(code: string, init: ContractErrorInit & { retryable?: boolean } = {}) {
    super(init.summary ?? code, init);
    this.code = code;
    this.retryable = init.retryable ?? false;
  }
}

/**
 * A write made of several upstream requests failed after some of them landed (e.g. one backfill per stage):
 * the failing step's kind and code, but never retryable (a retry would repeat what landed), with what
 * landed first in `details`. The app's own hints come first; the failure's retry advice is left out.
 */
export class PartialWriteError extends ContractError {
  readonly failure: ContractError;
  constructor(failure: ContractError, init: ContractErrorInit = {}) {
    super(`partial write: ${failure.message}`, {
      ...init,
      ...(failure.requestId === undefined ? {} : { requestId: failure.requestId }),
      cause: failure,
    });
    this.failure = failure;
  }
}

/** Code Mode sandbox hit a known limitation (blocked capability, limit, syntax). */
export class SandboxLimitationError extends ContractError {
  constructor(init: ContractErrorInit = {}) {
    super(init.summary ?? 'sandbox limitation', init);
  }
}

/**
 * The server's own environment failed (I/O, config, storage). Only the code and a fixed
 * phrase reach the agent; the message goes to the log.
 */
export class EnvironmentError extends ContractError {
  readonly code: string;
  constructor(code: string, message: string, init: ContractErrorInit = {}) {
    super(message, init);
    this.code = code;
  }
}
