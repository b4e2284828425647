// Turns a pipeline outcome into an MCP CallToolResult: envelope JSON text on failure, object + `_meta` on success.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PipelineOutcome } from './pipeline.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function safeStringify(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    return text ?? 'null';
  } catch {
    return JSON.stringify({ error: 'result could not be serialised' });
  }
}

/**
 * One serialisation on the happy path (the transport serialises `structured` the same way); a value
 * JSON cannot carry (bigint, a cycle) goes through the safe copy instead.
 */
function serialise(body: Record<string, unknown>): { text: string; structured: Record<string, unknown> } {
  try {
    return { text: JSON.stringify(body), structured: body };
  } catch {
    const text = safeStringify(body);
    return { text, structured: JSON.parse(text) as Record<string, unknown> };
  }
}

export function toCallToolResult({ outcome, meta }: PipelineOutcome): CallToolResult {
  if (!outcome.ok) {
    // The envelope goes in the text content only (never structuredContent: SDK issue 2748).
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(outcome.envelope) }] };
  }
  const value = outcome.value;
  if (isPlainObject(value)) {
    const existing = isPlainObject(value._meta) ? value._meta : {};
    const merged =
      Object.keys(meta).length > 0 || Object.keys(existing).length > 0 ? { ...existing, ...meta } : undefined;
    const body: Record<string, unknown> = merged ? { ...value, _meta: merged } : { ...value };
    if (!merged) delete body._meta;
    const { text, structured } = serialise(body);
    return { content: [{ type: 'text', text }], structuredContent: structured };
  }
  // Non-object results are forwarded untouched, without `_meta` (contract SP-11).
  return { content: [{ type: 'text', text: typeof value === 'string' ? value : safeStringify(value) }] };
}
