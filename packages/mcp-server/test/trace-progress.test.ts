// Progress on the 2026-07-28 path, and the W3C trace id from a request's `_meta` on every log line of its call.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createLogger } from '@obmcp/contract/internal/tool/logger.js';
import { exampleProfile, exampleTools } from '@obmcp/contract/internal/example/example-tools.js';
import type { ToolDefinition } from '@obmcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_DEFAULTS, type HttpServerHandle, startHttpServer } from '../src/entries/http.js';
import { createContractServer } from '../src/entries/server.js';
import { parseTraceparent } from '../src/server/trace-context.js';
import { fakeJobs, jobTool } from './job-tool.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

/** Logs a line from inside the handler, as an upstream client would. */
const chatty: ToolDefinition = {
  name: 'chatty',
  description: 'Writes a log line and answers (test tool).',
  inputSchema: { type: 'object', properties: {}, examples: [{}] },
  handler: (_args, call) => {
    call.log.info('upstream request', { host: 'example.test' });
    return { ok: true };
  },
};

const lines: Record<string, unknown>[] = [];
let http: HttpServerHandle;
let client: Client;
beforeAll(async () => {
  const logger = createLogger({ name: 'trace-test', write: (line) => lines.push(JSON.parse(line)) });
  const contract = createContractServer({
    profile: exampleProfile,
    tools: [...exampleTools, jobTool(fakeJobs(4)), chatty],
    env: {},
    logger,
  });
  http = await startHttpServer(contract.newServer, { ...HTTP_DEFAULTS, port: 0, host: '127.0.0.1' }, logger);
  client = new Client(
    { name: 'trace-test', version: '1.2.3' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${http.port}/mcp`)));
}, 30_000);
afterAll(async () => {
  await client?.close();
  await http?.close('test done');
});

describe('parseTraceparent', () => {
  it('takes a valid W3C traceparent and refuses malformed, version ff and all-zero ids', () => {
    expect(parseTraceparent(TRACEPARENT)).toEqual({ traceId: TRACE_ID, parentId: '00f067aa0ba902b7' });
    expect(parseTraceparent('00-abc-00f067aa0ba902b7-01')).toBeUndefined();
    expect(parseTraceparent(`ff-${TRACE_ID}-00f067aa0ba902b7-01`)).toBeUndefined();
    expect(parseTraceparent(`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`)).toBeUndefined();
    expect(parseTraceparent(`00-${TRACE_ID}-${'0'.repeat(16)}-01`)).toBeUndefined();
    expect(parseTraceparent(42)).toBeUndefined();
  });
});

describe('the modern path', () => {
  it('sends progress notifications for a waiting tool (the response becomes an SSE stream)', async () => {
    const seen: { progress: number; message?: string }[] = [];
    const result = await client.callTool(
      { name: 'run_job', arguments: {} },
      { onprogress: (p) => seen.push(p) },
    );
    expect(result.isError).toBeFalsy();
    expect(seen.length).toBeGreaterThan(0);
    const values = seen.map((p) => p.progress);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(seen.at(-1)?.message).toBe('DONE');
  });

  it("carries the caller's trace id, protocol version and client on the call's log lines", async () => {
    lines.length = 0;
    await client.callTool({ name: 'chatty', arguments: {}, _meta: { traceparent: TRACEPARENT } });
    const line = lines.find((l) => l.msg === 'upstream request');
    expect(line).toMatchObject({
      trace_id: TRACE_ID,
      parent_span_id: '00f067aa0ba902b7',
      protocol_version: '2026-07-28',
      client: 'trace-test/1.2.3',
      tool: 'chatty',
    });
  });

  it('without a traceparent: a new trace id for each call', async () => {
    lines.length = 0;
    await client.callTool({ name: 'chatty', arguments: {} });
    await client.callTool({ name: 'chatty', arguments: {} });
    const ids = lines.filter((l) => l.msg === 'upstream request').map((l) => l.trace_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).not.toBe(ids[0]);
  });
});
