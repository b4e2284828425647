// callWithEnvelope: one call, exactly one of { result } or { envelope } — the agent-side helper.
import type { Client } from '@modelcontextprotocol/client';
import type { Envelope } from '../envelope/types.js';
import { isEnvelope } from '../envelope/is-envelope.js';

export type EnvelopeOutcome<T = unknown> =
  | { result: T; envelope?: undefined }
  | { envelope: Envelope; result?: undefined };

interface TextItem {
  type: 'text';
  text: string;
}

function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const item = content.find(
    (c): c is TextItem => (c as Partial<TextItem> | null | undefined)?.type === 'text',
  );
  return item?.text;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Non-envelope tool errors are thrown as this (an opaque failure the caller can log). */
export class PlainToolError extends Error {
  override readonly name = 'PlainToolError';
}

export async function callWithEnvelope<T = unknown>(
  client: Client,
  tool: string,
  args: Record<string, unknown> = {},
): Promise<EnvelopeOutcome<T>> {
  const response = await client.callTool({ name: tool, arguments: args });
  const text = firstText(response.content);
  if (response.isError) {
    const parsed = parseJson(text);
    if (isEnvelope(parsed)) return { envelope: parsed };
    throw new PlainToolError(text ?? 'tool error without text');
  }
  const value = response.structuredContent ?? parseJson(text) ?? text;
  if (isEnvelope(value)) return { envelope: value };
  return { result: value as T };
}
