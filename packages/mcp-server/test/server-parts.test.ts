// Small server parts on their own: success `_meta`, test hooks, cache hints, tool-not-found, stray output, start-up failures, help, trace context, sleep.
import { exampleProfile } from '@obmcp/contract/internal/example/example-tools.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHelp } from '../src/cli/help.js';
import { enforceNodeFloor, meetsNodeFloor, nodeFloorRefusal } from '../src/cli/node-floor.js';
import { readContractSettings } from '../src/config/env.js';
import { createEnvReader } from '../src/config/env-reader.js';
import { readLogLevel } from '../src/config/log-level.js';
import { runServer } from '../src/config/run-server.js';
import { createLogger } from '../src/entries/server.js';
import { cacheHints, LISTING_TTL_MS } from '../src/server/cache-hints.js';
import { envelopeContractTool } from '../src/server/contract-tool.js';
import { sleep } from '../src/server/sleep.js';
import { routeStrayOutput } from '../src/server/stray-output.js';
import { withSuccessMeta } from '../src/server/success-meta.js';
import { TEST_CRASH_TOOL, testHookTools } from '../src/server/test-hooks.js';
import { toolNotFoundEnvelope } from '../src/server/tool-not-found.js';
import { HINT_CATEGORIES } from '@obmcp/contract/internal/hints/categories.js';
import { NORMALIZATION_KINDS } from '@obmcp/contract/internal/taxonomy.js';
import {
  callTrace,
  currentTrace,
  parseTraceparent,
  tracedLogger,
  withCallTrace,
} from '../src/server/trace-context.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('withSuccessMeta', () => {
  it('merges the collected _meta over the value’s own, and leaves none when both are empty', () => {
    expect(withSuccessMeta({ a: 1, _meta: { x: 1, y: 1 } }, { y: 2 })).toEqual({
      a: 1,
      _meta: { x: 1, y: 2 },
    });
    expect(withSuccessMeta({ a: 1 }, { y: 2 })).toEqual({ a: 1, _meta: { y: 2 } });
    expect(withSuccessMeta({ a: 1, _meta: { x: 1 } }, {})).toEqual({ a: 1, _meta: { x: 1 } });
    expect(withSuccessMeta({ a: 1, _meta: {} }, {})).toEqual({ a: 1 });
    expect('_meta' in withSuccessMeta({ a: 1, _meta: 'text' }, {})).toBe(false);
    expect(withSuccessMeta({ a: 1, _meta: 'text' }, { y: 2 })).toEqual({ a: 1, _meta: { y: 2 } });
    const value = { a: 1, _meta: { x: 1 } };
    withSuccessMeta(value, { y: 2 });
    expect(value).toEqual({ a: 1, _meta: { x: 1 } });
  });
});

describe('testHookTools', () => {
  it('exist only in mock mode with OBMCP_TEST_HOOKS=1, and crash with the canary', async () => {
    expect(testHookTools({})).toEqual([]);
    expect(testHookTools({ OBMCP_MOCK: '1' })).toEqual([]);
    expect(testHookTools({ OBMCP_TEST_HOOKS: '1' })).toEqual([]);
    const [crash] = testHookTools({ OBMCP_MOCK: '1', OBMCP_TEST_HOOKS: '1' });
    expect(crash?.name).toBe(TEST_CRASH_TOOL);
    expect(crash?.name).toBe('obmcp_test_crash');
    expect(() => crash?.handler({}, {} as never)).toThrow('canary 5f0c');
  });
});

describe('cacheHints', () => {
  it('an hour for every listing; tools/list private only where views change it', () => {
    expect(LISTING_TTL_MS).toBe(3_600_000);
    const hints = cacheHints(false);
    expect(Object.keys(hints)).toEqual([
      'tools/list',
      'resources/list',
      'resources/templates/list',
      'resources/read',
      'prompts/list',
      'server/discover',
    ]);
    for (const hint of Object.values(hints)) expect(hint).toEqual({ ttlMs: 3_600_000, cacheScope: 'public' });
    expect(cacheHints(true)['tools/list']).toEqual({ ttlMs: 3_600_000, cacheScope: 'private' });
    expect(cacheHints(true)['resources/read']).toEqual({ ttlMs: 3_600_000, cacheScope: 'public' });
  });
});

describe('toolNotFoundEnvelope', () => {
  it('names the tool, suggests close names, and says names are case-sensitive', () => {
    const envelope = toolNotFoundEnvelope('list_order', ['list_orders', 'get_order', 'echo']);
    expect(envelope).toMatchObject({
      error_kind: 'tool_not_found',
      error_code: 'TOOL_NOT_FOUND',
      tool: 'list_order',
      retryable: false,
      summary: 'Tool list_order is not registered on this server.',
      details: [{ path: '', issue: 'unknown tool: list_order', received_type: 'string' }],
    });
    expect(envelope.details[0]?.did_you_mean).toContain('list_orders');
    expect(envelope.hints[0]).toMatch(/^Did you mean list_orders.* Got list_order\.$/);
    expect(envelope.hints.at(-1)).toBe(
      'Tool names are case-sensitive; call tools/list for the available names.',
    );
    expect(envelope._meta).toMatchObject({ hint_categories: ['did_you_mean'] });
  });

  it('an unnamed or odd name is unknown_tool, with no suggestion when nothing is close', () => {
    const none = toolNotFoundEnvelope(42, ['list_orders']);
    expect(none).toMatchObject({
      tool: 'unknown_tool',
      details: [{ received_type: 'number', did_you_mean: [] }],
      hints: ['Tool names are case-sensitive; call tools/list for the available names.'],
    });
    expect(none._meta?.hint_categories).toBeUndefined();
    expect(toolNotFoundEnvelope('', []).tool).toBe('unknown_tool');
  });
});

describe('toolNotFoundEnvelope: what the agent reads', () => {
  it('an empty name and a non-string name are both reported as unknown_tool in the summary and the issue', () => {
    for (const name of ['', 42, ['list_orders'], { length: 3 }]) {
      const envelope = toolNotFoundEnvelope(name, []);
      expect(envelope.summary).toBe('Tool unknown_tool is not registered on this server.');
      expect(envelope.details[0]).toMatchObject({
        issue: 'unknown tool: unknown_tool',
        received_type: typeof name,
      });
    }
  });

  it('two close names are offered joined by "or"', () => {
    const envelope = toolNotFoundEnvelope('get_ordr', ['get_order', 'get_orders', 'echo']);
    expect(envelope.details[0]?.did_you_mean).toEqual(['get_order', 'get_orders']);
    expect(envelope.hints[0]).toBe('Did you mean get_order or get_orders? Got get_ordr.');
    expect(envelope.details[0]?.received_type).toBe('string');
  });
});

describe('routeStrayOutput', () => {
  it('turns console calls and process warnings into JSON log lines', () => {
    const saved = { ...console };
    const listeners = process.listeners('warning');
    const lines: Record<string, unknown>[] = [];
    try {
      routeStrayOutput(
        createLogger({
          name: 't',
          level: 'debug',
          write: (l) => void lines.push(JSON.parse(l) as Record<string, unknown>),
        }),
      );
      console.log('a %d', 1);
      console.info('b');
      console.debug('c');
      console.warn('d');
      console.error('e');
      console.trace('f');
      process.emit(
        'warning',
        Object.assign(new Error('old api'), { name: 'DeprecationWarning', code: 'DEP0001' }),
      );
      process.emit('warning', Object.assign(new Error('leak'), { name: 'MaxListenersExceededWarning' }));
      expect(process.listeners('warning')).toHaveLength(1);
    } finally {
      Object.assign(console, saved);
      process.removeAllListeners('warning');
      for (const l of listeners) process.on('warning', l);
    }
    expect(lines.slice(0, 6).map((l) => [l.level, l.msg, l.method, l.text])).toEqual([
      ['info', 'console output', 'log', 'a 1'],
      ['info', 'console output', 'info', 'b'],
      ['debug', 'console output', 'debug', 'c'],
      ['warn', 'console output', 'warn', 'd'],
      ['error', 'console output', 'error', 'e'],
      ['debug', 'console output', 'trace', 'f'],
    ]);
    expect(lines.slice(6)).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'node warning',
        name: 'DeprecationWarning',
        message: 'old api',
        code: 'DEP0001',
      }),
      expect.objectContaining({ level: 'warn', name: 'MaxListenersExceededWarning', message: 'leak' }),
    ]);
    expect('code' in (lines[7] ?? {})).toBe(false);
  });
});

describe('runServer', () => {
  it('prints warnings as name: warning: lines, and a start-up failure as one line and exit 2', async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    await runServer('sp-mcp', async (io) => io.warn(['old name', 'other']));
    expect(exit).not.toHaveBeenCalled();
    await runServer('sp-mcp', async () => {
      throw new Error('SP_REFRESH_TOKEN is missing. \n');
    });
    await runServer('sp-mcp', async () => {
      throw 'not an error';
    });
    expect(written).toEqual([
      'sp-mcp: warning: old name\n',
      'sp-mcp: warning: other\n',
      'sp-mcp: SP_REFRESH_TOKEN is missing. See the sp-mcp README (Configuration).\n',
      'sp-mcp: startup failed. See the sp-mcp README (Configuration).\n',
    ]);
    expect(exit).toHaveBeenCalledTimes(2);
    expect(exit).toHaveBeenCalledWith(2);
  });
});

describe('config readers', () => {
  it('the log level: OBMCP_LOG_LEVEL, default info, an old name with a warning', () => {
    expect(readLogLevel(createEnvReader({}))).toBe('info');
    expect(readLogLevel(createEnvReader({ OBMCP_LOG_LEVEL: 'DEBUG' }))).toBe('debug');
    const old = createEnvReader({ SP_LOG_LEVEL: 'warn' });
    expect(readLogLevel(old, ['SP_LOG_LEVEL'])).toBe('warn');
    expect(old.warnings).toHaveLength(1);
    expect(() => readLogLevel(createEnvReader({ OBMCP_LOG_LEVEL: 'loud' }))).toThrow(/OBMCP_LOG_LEVEL/);
  });

  it('the contract switches: on, off, on by default', () => {
    expect(readContractSettings({})).toEqual({
      normalizationEnabled: true,
      normalizationMeta: false,
      strictUnknown: true,
    });
    expect(
      readContractSettings({
        MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: 'false',
        MCP_SCHEMA_KEY_NORMALIZATION_META: 'true',
        MCP_STRICT_UNKNOWN_FIELDS: '0',
      }),
    ).toEqual({ normalizationEnabled: false, normalizationMeta: true, strictUnknown: false });
  });

  it('get_envelope_contract reports the server and its active switches', async () => {
    const tool = envelopeContractTool(exampleProfile, {
      normalizationEnabled: false,
      normalizationMeta: true,
      strictUnknown: false,
    });
    expect(tool.name).toBe('get_envelope_contract');
    const out = (await tool.handler({}, {} as never)) as Record<string, unknown>;
    expect(out).toMatchObject({
      server: exampleProfile.name,
      error_kinds: [...exampleProfile.errorKinds],
      settings: {
        MCP_SCHEMA_KEY_NORMALIZATION_ENABLED: false,
        MCP_SCHEMA_KEY_NORMALIZATION_META: true,
        MCP_STRICT_UNKNOWN_FIELDS: false,
      },
    });
    expect(out.mapping).toBeTruthy();
    expect((out.taxonomy as string[]).length).toBeGreaterThan(3);
  });

  it('get_envelope_contract lists itself with its title, description, empty input and every kind and category', async () => {
    const tool = envelopeContractTool(exampleProfile, {
      normalizationEnabled: true,
      normalizationMeta: false,
      strictUnknown: true,
    });
    expect(tool.title).toBe('Error envelope contract');
    expect(tool.description).toMatch(
      /^Returns the v1 error envelope contract this server implements: contract_version/,
    );
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
      examples: [{}],
    });
    const out = (await tool.handler({}, {} as never)) as Record<string, unknown>;
    expect(NORMALIZATION_KINDS.length).toBeGreaterThan(0);
    expect(HINT_CATEGORIES.length).toBeGreaterThan(0);
    expect(out.normalization_kinds).toEqual([...NORMALIZATION_KINDS]);
    expect(out.hint_categories).toEqual([...HINT_CATEGORIES]);
    expect(out.hint_categories).toContain('did_you_mean');
  });

  it('the log level read with no old names: --help names no former variable for it', () => {
    const reads: Array<{ name: string; legacy?: readonly string[] }> = [];
    readLogLevel(createEnvReader({}, { onRead: (r) => void reads.push(r) }));
    expect(reads.length).toBeGreaterThan(0);
    for (const r of reads) expect(r.legacy ?? []).toEqual([]);
  });
});

describe('renderHelp', () => {
  it('lists the flags aligned, every variable with its notes, and a host config', () => {
    const help = renderHelp(
      {
        name: 'sp-mcp',
        packageName: '@obmcp/sp-mcp',
        version: '1.2.3',
        summary: 'Selling Partner API',
        hostConfigEnv: { SP_REFRESH_TOKEN: '<token>' },
      },
      [
        { name: 'A_VAR', meaning: 'first', default: '', accepted: 'x|y', legacy: ['OLD_A', 'OLDER_A'] },
        { name: 'B_VAR', meaning: 'second', default: '5', mockDefault: '1', legacy: ['OLD_B'] },
        { name: 'C_VAR', meaning: 'third' },
      ],
    );
    const lines = help.split('\n');
    expect(lines[0]).toBe('sp-mcp 1.2.3: Selling Partner API');
    expect(lines).toContain(
      'Usage: sp-mcp [--http [--port N] [--host H] [--allow-unauthenticated]] | --help | --version',
    );
    expect(help).toContain('Runs on Node.js 20.18.1 or newer (tested on 20, 22 and 24).');
    expect(lines).toContain(
      '  --http                   serve MCP over Streamable HTTP at /mcp instead of stdio (also when OBMCP_HTTP_PORT is set)',
    );
    expect(lines).toContain('  -h, --help               print this help and exit');
    expect(help).toContain(
      '  A_VAR  (default ""; accepts x|y; old names OLD_A, OLDER_A (deprecated))\n      first',
    );
    expect(help).toContain(
      '  B_VAR  (default 5; 1 with OBMCP_MOCK=1; old name OLD_B (deprecated))\n      second',
    );
    expect(help).toContain('  C_VAR\n      third');
    expect(help).toContain(
      JSON.stringify(
        {
          mcpServers: {
            'sp-mcp': { command: 'npx', args: ['-y', '@obmcp/sp-mcp'], env: { SP_REFRESH_TOKEN: '<token>' } },
          },
        },
        null,
        2,
      ),
    );
    expect(help.endsWith('\n')).toBe(true);
    expect(lines.indexOf('Options:')).toBeLessThan(lines.indexOf('Environment:'));
  });
});

describe('the Node floor', () => {
  it('compares part by part, missing parts as 0, a v prefix allowed', () => {
    expect(meetsNodeFloor('21.0.0', '20.18.1')).toBe(true);
    expect(meetsNodeFloor('20.19.0', '20.18.1')).toBe(true);
    expect(meetsNodeFloor('20.18.2', '20.18.1')).toBe(true);
    expect(meetsNodeFloor('20.18', '20.18.1')).toBe(false);
    expect(meetsNodeFloor('20.18.1', '20.18')).toBe(true);
    expect(meetsNodeFloor('v20.18.x', '20.18.0')).toBe(true);
    expect(meetsNodeFloor('19.99.99', '20.0.0')).toBe(false);
    expect(nodeFloorRefusal('x', 'v18.0.0')).toContain('(this is v18.0.0)');
  });

  it('exits 2 with one line below the floor, and does nothing on a supported Node', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    enforceNodeFloor('sp-mcp', '22.0.0');
    expect(exit).not.toHaveBeenCalled();
    enforceNodeFloor('sp-mcp', '18.0.0');
    expect(exit).toHaveBeenCalledWith(2);
    expect(written).toEqual([`${nodeFloorRefusal('sp-mcp', '18.0.0')}\n`]);
  });
});

describe('trace context', () => {
  const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
  const SPAN = '00f067aa0ba902b7';

  it('reads a valid traceparent only', () => {
    expect(parseTraceparent(` 00-${TRACE}-${SPAN}-01 `)).toEqual({ traceId: TRACE, parentId: SPAN });
    for (const bad of [
      undefined,
      42,
      `ff-${TRACE}-${SPAN}-01`,
      `00-${'0'.repeat(32)}-${SPAN}-01`,
      `00-${TRACE}-${'0'.repeat(16)}-01`,
      `00-${TRACE.toUpperCase()}-${SPAN}-01`,
      `00-${TRACE}-${SPAN}-01-extra`,
      `x00-${TRACE}-${SPAN}-01`,
    ])
      expect(parseTraceparent(bad), String(bad)).toBeUndefined();
  });

  it("keeps the caller's trace, else starts one, with the revision and client", () => {
    expect(
      callTrace(
        { traceparent: `00-${TRACE}-${SPAN}-01` },
        { protocolVersion: '2026-07-28', client: { name: 'c', version: '1' } },
      ),
    ).toEqual({ trace_id: TRACE, parent_span_id: SPAN, protocol_version: '2026-07-28', client: 'c/1' });
    const fresh = callTrace(undefined, {});
    expect(fresh.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(Object.keys(fresh)).toEqual(['trace_id']);
    expect(callTrace({}, {}).trace_id).not.toBe(fresh.trace_id);
  });

  it('every line written inside a call carries its trace, children included; outside, none', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = tracedLogger(
      createLogger({
        name: 't',
        level: 'debug',
        write: (l) => void lines.push(JSON.parse(l) as Record<string, unknown>),
      }),
    );
    const trace = { trace_id: TRACE, client: 'c/1' };
    await withCallTrace(trace, async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(currentTrace()).toBe(trace);
      log.debug('d', { a: 1 });
      log.info('i');
      log.warn('w');
      log.error('e');
      log.child({ part: 'x' }).info('c');
    });
    log.info('outside', { b: 2 });
    expect(currentTrace()).toBeUndefined();
    expect(lines.map((l) => [l.level, l.msg, l.trace_id])).toEqual([
      ['debug', 'd', TRACE],
      ['info', 'i', TRACE],
      ['warn', 'w', TRACE],
      ['error', 'e', TRACE],
      ['info', 'c', TRACE],
      ['info', 'outside', undefined],
    ]);
    expect(lines[0]).toMatchObject({ a: 1, client: 'c/1' });
    expect(lines[4]).toMatchObject({ part: 'x' });
    expect(lines[5]).toMatchObject({ b: 2 });
  });
});

describe('sleep', () => {
  it('waits, rejects at once with the reason when aborted (before or during), and leaves no listener', async () => {
    const began = Date.now();
    await sleep(20);
    expect(Date.now() - began).toBeGreaterThanOrEqual(15);
    await sleep(-5);
    const before = new AbortController();
    before.abort(new Error('gone'));
    await expect(sleep(10_000, before.signal)).rejects.toThrow('gone');
    const during = new AbortController();
    const wait = sleep(10_000, during.signal);
    setTimeout(() => during.abort(new Error('cancelled')), 5);
    const t0 = Date.now();
    await expect(wait).rejects.toThrow('cancelled');
    expect(Date.now() - t0).toBeLessThan(2_000);
    const kept = new AbortController();
    const add = vi.spyOn(kept.signal, 'addEventListener');
    const remove = vi.spyOn(kept.signal, 'removeEventListener');
    await sleep(1, kept.signal);
    expect(add).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith('abort', add.mock.calls[0]?.[1]);
  });
});
