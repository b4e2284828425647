// One tool call over the wire, classified: result, v1 envelope, plain-text error or protocol error.
import type { Client } from '@modelcontextprotocol/client';
import { type Envelope, isEnvelope } from '@obmcp/contract';

export type CallOutcome =
  | { type: 'result'; value: unknown; text: string }
  | { type: 'envelope'; envelope: Envelope; text: string }
  /** isError with a text that is not a v1 envelope. */
  | { type: 'plain_error'; text: string }
  /** The request itself failed (JSON-RPC error, timeout, closed transport). */
  | { type: 'protocol_error'; message: string };

interface RawResult {
  isError?: boolean;
  content?: unknown;
  structuredContent?: unknown;
}

function firstText(content: unknown): string {
  if (!Array.isArray(content)) return '';
  for (const item of content) {
    if (item !== null && typeof item === 'object' && (item as { type?: unknown }).type === 'text') {
      return String((item as { text?: unknown }).text ?? '');
    }
  }
  return '';
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A call's timeout when the caller sets none. */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

export async function invokeTool(
  client: Client,
  name: string,
  args: unknown,
  timeoutMs = DEFAULT_CALL_TIMEOUT_MS,
): Promise<CallOutcome> {
  let raw: RawResult;
  try {
    raw = (await client.callTool(
      { name, arguments: args as Record<string, unknown> },
      {
        timeout: timeoutMs,
      },
    )) as RawResult;
  } catch (error) {
    return { type: 'protocol_error', message: error instanceof Error ? error.message : String(error) };
  }
  const text = firstText(raw.content);
  if (raw.isError) {
    const parsed = parse(text);
    return isEnvelope(parsed) ? { type: 'envelope', envelope: parsed, text } : { type: 'plain_error', text };
  }
  const value = raw.structuredContent ?? parse(text) ?? text;
  // An envelope smuggled out as a success is still an envelope (and a finding for the caller).
  if (isEnvelope(value)) return { type: 'envelope', envelope: value, text };
  return { type: 'result', value, text };
}

export function describeOutcome(outcome: CallOutcome): string {
  switch (outcome.type) {
    case 'result':
      return 'success';
    case 'envelope':
      return `${outcome.envelope.error_kind}/${outcome.envelope.error_code}`;
    case 'plain_error':
      return `plain-text error "${outcome.text.slice(0, 120)}"`;
    case 'protocol_error':
      return `protocol error "${outcome.message.slice(0, 120)}"`;
  }
}
