// CODE_MODE parsing and the listed/internal split.
import { describe, expect, it } from 'vitest';
import { CODE_MODE_TOOL_NAMES, codeModeTools } from '../src/code-mode-tools.js';
import { applyCodeMode, parseCodeMode } from '../src/mode.js';
import {
  CREATE_UPSTREAM,
  READ_LOCAL,
  READ_UPSTREAM,
  REPLACE_UPSTREAM,
  type ToolDefinition,
} from '@obmcp/contract';

const direct: ToolDefinition[] = ['a', 'b'].map((name) => ({
  name,
  description: name,
  inputSchema: { type: 'object', examples: [{}] },
  handler: () => ({}),
}));
const names = (tools: ToolDefinition[]) => tools.map((t) => t.name);

describe('parseCodeMode', () => {
  it('defaults to on and accepts on/only/off and booleans, case-insensitively', () => {
    expect(parseCodeMode(undefined)).toBe('on');
    expect(parseCodeMode('')).toBe('on');
    expect(parseCodeMode(' ONLY ')).toBe('only');
    expect(parseCodeMode('Off')).toBe('off');
    expect(parseCodeMode('true')).toBe('on');
    expect(parseCodeMode('0')).toBe('off');
  });

  it('throws a clear startup error for anything else', () => {
    expect(() => parseCodeMode('sometimes')).toThrow(
      /CODE_MODE must be one of on, only, off \(got "sometimes"\)/,
    );
  });
});

describe('applyCodeMode', () => {
  const code = codeModeTools();

  it('on: direct tools plus the code-mode tools are listed', () => {
    const split = applyCodeMode(direct, 'on', code);
    expect(names(split.listed)).toEqual(['a', 'b', ...CODE_MODE_TOOL_NAMES]);
    expect(split.internal).toEqual([]);
    expect(names(applyCodeMode(direct, undefined).listed)).toEqual(['a', 'b', ...CODE_MODE_TOOL_NAMES]);
  });

  it('only: just the code-mode tools are listed; direct tools stay callable via the host', () => {
    const split = applyCodeMode(direct, 'only', code);
    expect(names(split.listed)).toEqual([...CODE_MODE_TOOL_NAMES]);
    expect(names(split.internal)).toEqual(['a', 'b']);
  });

  it('off: only the direct tools', () => {
    expect(applyCodeMode(direct, 'off', code)).toEqual({ listed: direct, internal: [] });
  });

  it('throws on an invalid mode', () => {
    expect(() => applyCodeMode(direct, 'maybe')).toThrow(/CODE_MODE/);
  });

  it('publishes schemas with examples and no unknown fields', () => {
    for (const tool of code) {
      expect(tool.inputSchema).toMatchObject({
        additionalProperties: false,
        $schema: 'https://json-schema.org/draft/2020-12/schema',
      });
      expect(Array.isArray(tool.inputSchema['examples'])).toBe(true);
    }
  });
});

describe('execute annotations follow the callable tools', () => {
  const tool = (name: string, annotations: ToolDefinition['annotations']): ToolDefinition => ({
    name,
    description: name,
    inputSchema: { type: 'object' },
    annotations,
    handler: () => ({}),
  });
  const execute = (direct: ToolDefinition[]) =>
    applyCodeMode(direct, 'only').listed.find((t) => t.name === 'execute')?.annotations;

  it('read-only and non-destructive when every callable tool only reads', () => {
    expect(execute([tool('a', READ_UPSTREAM), tool('b', READ_LOCAL)])).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
  });

  it('a write makes execute a write; a destructive tool makes it destructive', () => {
    expect(execute([tool('a', READ_UPSTREAM), tool('c', CREATE_UPSTREAM)])).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
    });
    expect(execute([tool('a', READ_UPSTREAM), tool('d', REPLACE_UPSTREAM)])).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
  });
});
