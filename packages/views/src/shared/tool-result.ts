// A tools/call result as a view reads it: the success object, the v1 error envelope, or plain text.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { type JsonObject, obj } from './json.js';

export interface EnvelopeView {
  summary: string;
  error_kind: string;
  error_code: string;
  retryable: boolean;
  hints: string[];
  retry_after_seconds?: number;
}

export type ReadResult =
  | { kind: 'data'; data: JsonObject }
  | { kind: 'envelope'; envelope: EnvelopeView }
  | { kind: 'text'; text: string };

function textOf(result: CallToolResult): string {
  return result.content
    .map((c) => (c.type === 'text' ? c.text : ''))
    .join('\n')
    .trim();
}

function envelopeOf(value: JsonObject): EnvelopeView | undefined {
  if (typeof value.error_code !== 'string' || typeof value.summary !== 'string') return undefined;
  const meta = obj(value._meta);
  const retryAfter = typeof meta.retry_after_seconds === 'number' ? meta.retry_after_seconds : undefined;
  return {
    summary: value.summary,
    error_kind: typeof value.error_kind === 'string' ? value.error_kind : 'unknown',
    error_code: value.error_code,
    retryable: value.retryable === true,
    hints: Array.isArray(value.hints) ? value.hints.filter((h): h is string => typeof h === 'string') : [],
    ...(retryAfter !== undefined ? { retry_after_seconds: retryAfter } : {}),
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The envelope travels as the text content of an isError result (never structuredContent). */
export function readResult(result: CallToolResult): ReadResult {
  const text = textOf(result);
  const parsed = obj(parse(text));
  if (result.isError) {
    const envelope = envelopeOf(parsed);
    return envelope
      ? { kind: 'envelope', envelope }
      : {
          kind: 'envelope',
          envelope: {
            summary: text || 'The tool failed.',
            error_kind: 'unknown',
            error_code: 'UNKNOWN',
            retryable: false,
            hints: [],
          },
        };
  }
  // 2026-07-28 lets structuredContent be any JSON value; the servers send an object, anything else reads as text.
  const structured = obj(result.structuredContent);
  if (result.structuredContent && structured === result.structuredContent)
    return { kind: 'data', data: structured };
  if (Object.keys(parsed).length > 0) return { kind: 'data', data: parsed };
  return { kind: 'text', text };
}
