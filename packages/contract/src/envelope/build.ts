// buildEnvelope: the only constructor of v1 envelopes; bounds every agent-visible string.
import { CANONICAL_CODES, type ErrorKind } from '../taxonomy.js';
import { CONTRACT_VERSION } from '../version.js';
import { legacyKindFor } from './reclassifications.js';
import { boundText, oneLine } from './text.js';
import type { Envelope, EnvelopeDetail } from './types.js';
import { validateEnvelope } from './validate.js';

export const LIMITS = {
  summary: 300,
  hints: 8,
  hint: 300,
  details: 25,
  detailString: 500,
  examples: 3,
  exampleBytes: 4000,
} as const;

export interface EnvelopeInput {
  kind: ErrorKind;
  tool: string;
  code: string;
  summary: string;
  retryable: boolean;
  details?: readonly EnvelopeDetail[];
  hints?: readonly string[];
  examples?: readonly unknown[];
  meta?: Record<string, unknown>;
}

const CODE_RE = /^[A-Z][A-Z0-9_]*$/;

function boundValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return boundText(value, LIMITS.detailString);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value === null || typeof value === 'boolean') return value;
  if (depth > 3) return '[truncated]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => boundValue(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, 30)) {
      if (v !== undefined)
        Object.defineProperty(out, boundText(k, 80), {
          value: boundValue(v, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return out;
  }
  return undefined;
}

function boundDetail(raw: EnvelopeDetail): EnvelopeDetail {
  // JS callers can hand over anything: a non-object entry becomes an empty record, not a crash.
  const detail = (
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}
  ) as EnvelopeDetail;
  const bounded = boundValue(detail, 0) as Record<string, unknown>;
  return {
    ...bounded,
    path: typeof detail.path === 'string' ? boundText(detail.path, 200) : '',
    issue: oneLine(detail.issue, 'invalid value', LIMITS.detailString),
    received_type: oneLine(detail.received_type, 'unknown', 40),
  };
}

/** JSON copies of the first examples; one that is no JSON or too long is dropped. */
function boundExamples(examples: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const example of examples.slice(0, LIMITS.examples)) {
    const copy = jsonCopy(example);
    if (copy !== undefined && JSON.stringify(copy).length <= LIMITS.exampleBytes) out.push(copy);
  }
  return out;
}

/**
 * A JSON copy (NaN → null; cycles, BigInt, undefined, functions → undefined): what reaches the wire is what we
 * check. A value JSON cannot hold stringifies to undefined, which JSON.parse refuses like a cycle.
 */
function jsonCopy(value: unknown): unknown {
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(value));
  } catch {
    // no JSON: no copy
  }
  return copy;
}

function cleanMeta(meta: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!meta) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, raw] of Object.entries(meta)) {
    const v = jsonCopy(raw);
    if (v === undefined || v === null) continue;
    if (Array.isArray(v) && v.length === 0) continue;
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Drops `_meta` keys the schema rejects (a negative retry_after_seconds, a null in rate_limit …). */
function attachMeta(envelope: Envelope, meta: Record<string, unknown>): void {
  envelope._meta = meta;
  const first = validateEnvelope(envelope);
  if (first.valid) return;
  for (const key of Object.keys(meta)) {
    const at = `/_meta/${key}`;
    if (first.errors.some((e) => e.instancePath === at || e.instancePath.startsWith(`${at}/`)))
      delete meta[key];
  }
  if (Object.keys(meta).length === 0 || !validateEnvelope(envelope).valid) delete envelope._meta;
}

export function buildEnvelope(input: EnvelopeInput): Envelope {
  const hints = [
    ...new Set((input.hints ?? []).map((h) => boundText(h, LIMITS.hint)).filter((h) => h.length > 0)),
  ];
  const envelope: Envelope = {
    error_kind: input.kind,
    tool: oneLine(input.tool, 'unknown_tool', 120),
    summary: oneLine(input.summary, 'Tool call failed.', LIMITS.summary),
    details: (input.details ?? []).slice(0, LIMITS.details).map(boundDetail),
    hints: hints.slice(0, LIMITS.hints),
    examples: boundExamples(input.examples ?? []),
    error_code: CODE_RE.test(input.code) ? input.code : CANONICAL_CODES.INTERNAL_ERROR,
    retryable: input.retryable,
    _envelope_version: CONTRACT_VERSION,
  };
  const legacy = legacyKindFor(envelope.error_kind, envelope.error_code);
  if (legacy !== undefined) envelope.legacy_error_kind = legacy;
  const meta = cleanMeta(input.meta);
  if (meta) attachMeta(envelope, meta);
  return envelope;
}
