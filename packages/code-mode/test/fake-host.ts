// A fake ToolHost with a few tools, plus a helper that runs a code-mode tool's handler against it.
import { buildEnvelope } from '@obmcp/contract/envelope';
import type {
  CallContext,
  CallOutcome,
  JsonObject,
  ServerProfile,
  ToolDefinition,
  ToolHost,
  ToolInfo,
} from '@obmcp/contract';
import { createMetaCollector, silentLogger } from '@obmcp/mcp-server/testing';

export const profile: ServerProfile = {
  name: 'fake-mcp',
  version: '0.0.0',
  httpKind: 'sp_api_http',
  clientKind: 'sp_api_client',
  httpCodePrefix: 'SP_API',
  errorKinds: ['mcp_input_validation', 'tool_not_found', 'sandbox_runtime', 'internal_error'],
};

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
  examples: [{}],
});

const TOOLS: ToolInfo[] = [
  {
    name: 'echo',
    title: 'Echo',
    description: 'Echo the arguments back.\nSecond line.',
    inputSchema: object({ text: { type: 'string' } }),
  },
  {
    name: 'get_order',
    title: 'Get order',
    description: 'Get one order by its order_id.',
    inputSchema: object({ order_id: { type: 'string' } }, ['order_id']),
  },
  {
    name: 'list_orders',
    description: 'List orders created after a date.',
    inputSchema: object({ created_after: { type: 'string' } }),
  },
  { name: 'explode', description: 'Always throws (not an envelope).', inputSchema: object({}) },
  { name: 'slow', description: 'Waits until aborted.', inputSchema: object({}) },
  { name: 'big', description: 'Returns a large value.', inputSchema: object({ bytes: { type: 'integer' } }) },
];

function invalidArgs(tool: string, key: string): CallOutcome {
  const envelope = buildEnvelope({
    kind: 'mcp_input_validation',
    tool,
    code: 'SCHEMA_ADDITIONAL_PROPERTIES',
    summary: `Unknown field ${key}.`,
    retryable: false,
    details: [{ path: key, issue: 'unknown field', received_type: 'string', did_you_mean: ['order_id'] }],
    hints: [`Did you mean order_id? Got ${key}.`],
  });
  return { ok: false, envelope };
}

export class FakeHost implements ToolHost {
  readonly profile = profile;
  readonly seen: Array<{ name: string; args: unknown }> = [];
  extra: ToolInfo[] = [];

  tools(): ToolInfo[] {
    return [...TOOLS, ...this.extra];
  }

  describe(name: string): ToolInfo | undefined {
    return this.tools().find((t) => t.name === name);
  }

  async call(name: string, args: unknown, options?: { signal?: AbortSignal }): Promise<CallOutcome> {
    this.seen.push({ name, args });
    await new Promise((r) => setTimeout(r, 2));
    const a = (args ?? {}) as Record<string, unknown>;
    switch (name) {
      case 'echo':
        return { ok: true, value: { echoed: a } };
      case 'get_order': {
        const bad = Object.keys(a).find((k) => k !== 'order_id');
        if (bad !== undefined || typeof a['order_id'] !== 'string')
          return invalidArgs(name, bad ?? 'order_id');
        return { ok: true, value: { order_id: a['order_id'], status: 'Shipped' } };
      }
      case 'explode':
        throw new Error('kaboom: internal detail');
      case 'slow':
        return new Promise((_, reject) =>
          options?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      case 'big':
        return { ok: true, value: { blob: 'x'.repeat(Number(a['bytes'] ?? 1000)) } };
      default: {
        const envelope = buildEnvelope({
          kind: 'tool_not_found',
          tool: name,
          code: 'TOOL_NOT_FOUND',
          summary: `Tool ${name} is not registered on this server.`,
          retryable: false,
        });
        return { ok: false, envelope };
      }
    }
  }
}

export function callContext(host: ToolHost, tool: string, signal?: AbortSignal): CallContext {
  return {
    tool,
    signal: signal ?? new AbortController().signal,
    meta: createMetaCollector(),
    log: silentLogger,
    host,
    normalized: [],
  };
}

export function toolNamed(tools: ToolDefinition[], name: string): ToolDefinition {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
}

/** Runs `execute` (or another code-mode tool) handler against a host and returns what it returned. */
export function runner(tools: ToolDefinition[], host: ToolHost = new FakeHost()) {
  return (name: string, args: JsonObject, signal?: AbortSignal): Promise<unknown> =>
    Promise.resolve().then(() => toolNamed(tools, name).handler(args, callContext(host, name, signal)));
}

/** The thrown error of a promise that must reject. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
