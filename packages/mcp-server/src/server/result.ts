// Turns a pipeline outcome into an MCP CallToolResult: envelope JSON text on failure, object + `_meta` on success.
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { Envelope } from '@obmcp/contract/internal/envelope/types.js';
import type { PipelineOutcome } from './pipeline.js';
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';
import { withSuccessMeta } from './success-meta.js';

/** Turns a value JSON cannot carry at all (a cycle) into the envelope the agent gets instead. */
export type UnserialisableHandler = (error: unknown) => Envelope;

const errorResult = (envelope: Envelope): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: JSON.stringify(envelope) }],
});

/** JSON with bigints as strings; throws on what stays unserialisable (a cycle). */
function bigintSafeStringify(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';
}

/**
 * One serialisation on the happy path (the transport serialises `structured` the same way); a value
 * JSON cannot carry (bigint, a cycle) goes through the safe copy instead.
 */
function serialise(body: Record<string, unknown>): { text: string; structured: Record<string, unknown> } {
  try {
    return { text: JSON.stringify(body), structured: body };
  } catch {
    const text = bigintSafeStringify(body);
    return { text, structured: JSON.parse(text) as Record<string, unknown> };
  }
}

/** A result JSON cannot carry even after the bigint-safe copy (a cycle) becomes `onUnserialisable`'s envelope. */
export function toCallToolResult(
  { outcome, meta }: PipelineOutcome,
  onUnserialisable: UnserialisableHandler,
): CallToolResult {
  // The envelope goes in the text content only (never structuredContent: SDK issue 2748).
  if (!outcome.ok) return errorResult(outcome.envelope);
  try {
    return successResult(outcome.value, meta);
  } catch (error) {
    return errorResult(onUnserialisable(error));
  }
}

function successResult(value: unknown, meta: Record<string, unknown>): CallToolResult {
  if (isPlainObject(value)) {
    const { text, structured } = serialise(withSuccessMeta(value, meta));
    return { content: [{ type: 'text', text }], structuredContent: structured };
  }
  // Non-object results are forwarded untouched, without `_meta` (contract SP-11).
  return {
    content: [{ type: 'text', text: typeof value === 'string' ? value : bigintSafeStringify(value) }],
  };
}
