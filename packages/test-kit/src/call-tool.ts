// callTool: { result } | { envelope } for a test, with the raw CallToolResult kept for wire checks.
import type { Client } from '@modelcontextprotocol/client';
import { type Envelope, isEnvelope } from '@obmcp/contract';
import { validateEnvelope } from '@obmcp/contract/envelope';

export interface ToolCallOutcome {
  raw: { isError?: boolean; content?: unknown; structuredContent?: unknown };
  result?: Record<string, unknown>;
  envelope?: Envelope;
  text: string;
}

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
  timeoutMs = 30_000,
): Promise<ToolCallOutcome> {
  const raw = (await client.callTool(
    { name, arguments: args },
    { timeout: timeoutMs },
  )) as ToolCallOutcome['raw'];
  const first = Array.isArray(raw.content)
    ? (raw.content[0] as { type?: string; text?: string } | undefined)
    : undefined;
  const text = first?.type === 'text' ? (first.text ?? '') : '';
  if (raw.isError) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`isError result whose text is not an envelope: ${text.slice(0, 300)}`);
    }
    if (!isEnvelope(parsed))
      throw new Error(`isError result that is not a v1 envelope: ${text.slice(0, 300)}`);
    return { raw, envelope: parsed, text };
  }
  const result = (raw.structuredContent ?? safeParse(text)) as Record<string, unknown> | undefined;
  return { raw, ...(result ? { result } : {}), text };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Throws with the schema errors when the value is not a valid v1 envelope. */
export function assertEnvelope(value: unknown): asserts value is Envelope {
  const { valid, errors } = validateEnvelope(value);
  if (!valid)
    throw new Error(
      `not a valid v1 envelope: ${JSON.stringify(errors).slice(0, 1000)}\n${JSON.stringify(value).slice(0, 1000)}`,
    );
}
