// CODE_MODE as an operator sets it (every accepted spelling, the refusal), what each mode lists and keeps
// callable, execute's hints over the tools a script can reach, and what createCodeModeServer hands the server.
import {
  CREATE_UPSTREAM,
  defineTool,
  type Logger,
  READ_LOCAL,
  READ_UPSTREAM,
  REPLACE_UPSTREAM,
  type ToolAnnotations,
  type ToolDefinition,
} from '@obmcp/contract';
import { envReaderOf } from '@obmcp/mcp-server/config';
import { MemoryTaskRecords } from '@obmcp/mcp-server/tasks';
import { silentLogger, TEST_CRASH_TOOL } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import { CODE_MODE_ENV, CODE_MODE_ENV_DOCS, readCodeMode } from '../src/code-mode-env.js';
import { createCodeModeServer } from '../src/code-mode-server.js';
import { CODE_MODE_TOOL_NAMES, codeModeTools } from '../src/code-mode-tools.js';
import { EXECUTE_UNKNOWN_HINTS, executeAnnotations, withExecuteHints } from '../src/execute-annotations.js';
import { applyCodeMode, CODE_MODES, parseCodeMode } from '../src/mode.js';
import { profile } from './fake-host.js';

const tool = (name: string, annotations?: ToolAnnotations): ToolDefinition =>
  defineTool({
    name,
    description: name,
    inputSchema: { type: 'object', properties: {}, examples: [{}] },
    ...(annotations ? { annotations } : {}),
    handler: () => ({}),
  });
const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name);

describe('parseCodeMode', () => {
  it.each([
    [undefined, 'on'],
    ['', 'on'],
    ['   ', 'on'],
    ['on', 'on'],
    ['ON', 'on'],
    ['true', 'on'],
    ['True', 'on'],
    ['1', 'on'],
    ['off', 'off'],
    [' OFF\t', 'off'],
    ['false', 'off'],
    ['FALSE', 'off'],
    ['0', 'off'],
    ['only', 'only'],
    ['Only', 'only'],
  ])('%j → %s', (value, mode) => {
    expect(parseCodeMode(value)).toBe(mode);
  });

  it('anything else stops the server, naming the variable, the values and what was set (40 characters)', () => {
    expect(() => parseCodeMode('yes')).toThrow(
      new Error('CODE_MODE must be one of on, only, off (got "yes"); unset means on.'),
    );
    expect(() => parseCodeMode('onn')).toThrow(/got "onn"/);
    expect(() => parseCodeMode('2')).toThrow(/got "2"/);
    expect(() => parseCodeMode(`${'a'.repeat(40)}bcd`)).toThrow(
      new Error(`CODE_MODE must be one of on, only, off (got "${'a'.repeat(40)}"); unset means on.`),
    );
  });

  it('the modes, in the order --help lists them', () => {
    expect(CODE_MODES).toEqual(['on', 'only', 'off']);
  });
});

describe('readCodeMode', () => {
  it('CODE_MODE from the environment; on when unset or blank', () => {
    expect(CODE_MODE_ENV).toBe('CODE_MODE');
    expect(readCodeMode(envReaderOf({}))).toBe('on');
    expect(readCodeMode(envReaderOf({ CODE_MODE: ' ' }))).toBe('on');
    expect(readCodeMode(envReaderOf({ CODE_MODE: 'only' }))).toBe('only');
    expect(readCodeMode(envReaderOf({ CODE_MODE: 'off', OTHER: 'only' }))).toBe('off');
    expect(() => readCodeMode(envReaderOf({ CODE_MODE: 'maybe' }))).toThrow(/CODE_MODE must be one of/);
  });

  it('reads the variable through the reader (so --help lists it) and documents it', () => {
    const seen: string[][] = [];
    const reader = {
      ...envReaderOf({ CODE_MODE: 'off' }),
      textOr: (name: string, fallback: string) => {
        seen.push([name, fallback]);
        return fallback;
      },
    };
    expect(readCodeMode(reader)).toBe('on');
    expect(seen).toEqual([['CODE_MODE', 'on']]);
    expect(CODE_MODE_ENV_DOCS).toEqual({
      CODE_MODE:
        'on | only | off: on lists the tools plus execute/search_tools/get_tool_schema, only lists just those three, off lists none of them',
    });
  });
});

describe('applyCodeMode', () => {
  const direct = [tool('a', READ_UPSTREAM), tool('b', READ_LOCAL)];
  const hidden = [tool('h', REPLACE_UPSTREAM)];
  const code = codeModeTools();
  const execute = (tools: readonly ToolDefinition[]) => tools.find((t) => t.name === 'execute')?.annotations;

  it('on: direct then code tools listed; the hidden tools internal', () => {
    const split = applyCodeMode(direct, 'on', code, hidden);
    expect(names(split.listed)).toEqual(['a', 'b', ...CODE_MODE_TOOL_NAMES]);
    expect(names(split.internal)).toEqual(['h']);
  });

  it('only: the code tools listed; direct and hidden tools internal', () => {
    const split = applyCodeMode(direct, ' only ', code, hidden);
    expect(names(split.listed)).toEqual([...CODE_MODE_TOOL_NAMES]);
    expect(names(split.internal)).toEqual(['a', 'b', 'h']);
  });

  it('off: the direct tools only; hidden tools are nowhere', () => {
    expect(applyCodeMode(direct, 'false', code, hidden)).toEqual({ listed: direct, internal: [] });
  });

  it('no code tools given: the default three; no hidden tools given: none', () => {
    const split = applyCodeMode(direct, undefined);
    expect(names(split.listed)).toEqual(['a', 'b', ...CODE_MODE_TOOL_NAMES]);
    expect(split.internal).toEqual([]);
  });

  it("execute's hints count the hidden tools a script can reach, in both modes", () => {
    expect(execute(applyCodeMode(direct, 'on', code).listed)).toMatchObject({ destructiveHint: false });
    expect(execute(applyCodeMode(direct, 'on', code, hidden).listed)).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(execute(applyCodeMode(direct, 'only', code, hidden).listed)).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(execute(applyCodeMode(direct, 'only', code).listed)).toMatchObject({ readOnlyHint: true });
  });
});

describe('executeAnnotations', () => {
  it('before the callable tools are known: a titled write that may destroy, never idempotent, open world', () => {
    expect(EXECUTE_UNKNOWN_HINTS).toEqual({
      title: 'Run a Code Mode script',
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(Object.isFrozen(EXECUTE_UNKNOWN_HINTS)).toBe(true);
  });

  it('read-only only when every callable tool says so; destructive when one does', () => {
    const all = (tools: ToolDefinition[]) => executeAnnotations(tools);
    expect(all([tool('a', READ_UPSTREAM), tool('b', READ_LOCAL)])).toEqual({
      title: 'Run a Code Mode script',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(all([tool('a', READ_UPSTREAM), tool('c', CREATE_UPSTREAM)])).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
    });
    expect(all([tool('d', REPLACE_UPSTREAM), tool('a', READ_UPSTREAM)])).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    // A tool that says nothing is not read-only, nor destructive.
    expect(all([tool('a', READ_UPSTREAM), tool('n')])).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
    });
    expect(all([])).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it('withExecuteHints sets execute only; the other code tools are handed back as they were', () => {
    const code = codeModeTools();
    const out = withExecuteHints(code, [tool('a', READ_UPSTREAM)]);
    expect(names(out)).toEqual([...CODE_MODE_TOOL_NAMES]);
    expect(out[0]?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(out[0]?.handler).toBe(code[0]?.handler);
    expect(out[1]).toBe(code[1]);
    expect(out[2]).toBe(code[2]);
    expect(code[0]?.annotations).toBe(EXECUTE_UNKNOWN_HINTS);
  });
});

describe('createCodeModeServer hands the contract server', () => {
  const spec = (codeMode: string) => ({
    profile,
    tools: [tool('direct', READ_UPSTREAM)],
    hiddenTools: [tool('hidden', CREATE_UPSTREAM)],
    codeMode,
  });

  it('the listing of its mode, the hidden tools callable, execute hinted over both', () => {
    const { host } = createCodeModeServer(spec('on'), { logger: silentLogger, env: {} });
    expect(names(host.listed())).toEqual(['direct', ...CODE_MODE_TOOL_NAMES, 'get_envelope_contract']);
    expect(names(host.tools())).toContain('hidden');
    expect(host.listed().find((t) => t.name === 'execute')?.annotations).toMatchObject({
      readOnlyHint: false,
    });
    const only = createCodeModeServer(spec('only'), { logger: silentLogger, env: {} }).host;
    expect(names(only.listed())).toEqual([...CODE_MODE_TOOL_NAMES, 'get_envelope_contract']);
  });

  it('its env (a mock server with test hooks lists the hook tool)', () => {
    const { host } = createCodeModeServer(spec('off'), {
      logger: silentLogger,
      env: { OBMCP_MOCK: '1', OBMCP_TEST_HOOKS: '1' },
    });
    expect(names(host.listed())).toContain(TEST_CRASH_TOOL);
  });

  it('its logger (the start-up warning of a listing too large goes there)', () => {
    const lines: string[] = [];
    const logger: Logger = { ...silentLogger, warn: (message: string) => void lines.push(message) };
    const many = Array.from({ length: 130 }, (_, i) => tool(`t${i}`, READ_UPSTREAM));
    createCodeModeServer({ profile, tools: many, codeMode: 'on' }, { logger, env: {} });
    expect(lines.some((line) => line.startsWith('tools/list has 134 tools'))).toBe(true);
  });

  it('its task records', () => {
    const records = new MemoryTaskRecords(5);
    const server = createCodeModeServer(spec('on'), { logger: silentLogger, env: {}, taskRecords: records });
    expect(server.tasks.records).toBe(records);
    const other = createCodeModeServer(spec('on'), { logger: silentLogger, env: {} });
    expect(other.tasks.records).not.toBe(records);
  });
});
