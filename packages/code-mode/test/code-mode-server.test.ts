// createCodeModeServer: the app's tools through Code Mode into a contract server (listed, internal, hidden).
import { defineTool } from '@obmcp/contract';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { describe, expect, it } from 'vitest';
import { createCodeModeServer } from '../src/code-mode-server.js';
import { CODE_MODE_TOOL_NAMES } from '../src/code-mode-tools.js';
import { profile } from './fake-host.js';

const schema = { type: 'object', properties: {}, examples: [{}] } as const;
const tool = (name: string) =>
  defineTool({ name, description: name, inputSchema: schema, handler: () => ({}) });

function serverWith(codeMode: string) {
  return createCodeModeServer(
    { profile, tools: [tool('direct')], hiddenTools: [tool('hidden')], codeMode },
    { env: {}, logger: silentLogger },
  );
}

const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name).sort();

describe('createCodeModeServer', () => {
  it('off: the direct tools only; hidden tools are absent', () => {
    const { host } = serverWith('off');
    expect(names(host.listed())).toEqual(['direct', 'get_envelope_contract']);
    expect(names(host.tools())).not.toContain('hidden');
  });

  it('on: direct and code tools listed; hidden tools callable through the host only', () => {
    const { host } = serverWith('on');
    expect(names(host.listed())).toEqual(
      names([tool('direct'), tool('get_envelope_contract'), ...CODE_MODE_TOOL_NAMES.map(tool)]),
    );
    expect(names(host.tools())).toContain('hidden');
  });

  it('only: the code tools listed, the direct tool callable through the host', () => {
    const { host } = serverWith('only');
    expect(names(host.listed())).not.toContain('direct');
    expect(names(host.tools())).toEqual(expect.arrayContaining(['direct', 'hidden']));
  });
});
