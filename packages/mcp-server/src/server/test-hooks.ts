// Test-only tools (mock mode + OBMCP_TEST_HOOKS=1): make classes like internal_error reachable from outside.
import { READ_LOCAL } from '@obmcp/contract/internal/tool/annotations.js';
import type { ToolDefinition } from '@obmcp/contract/internal/tool/types.js';

export const TEST_CRASH_TOOL = 'obmcp_test_crash';

export function testHookTools(env: Record<string, string | undefined>): ToolDefinition[] {
  if (env.OBMCP_MOCK !== '1' || env.OBMCP_TEST_HOOKS !== '1') return [];
  return [
    {
      name: TEST_CRASH_TOOL,
      description: 'Test hook (mock mode only): throws an unclassified error carrying a canary message.',
      annotations: READ_LOCAL,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false, examples: [{}] },
      handler: () => {
        throw new Error('test hook crash: this message must stay in the server log (canary 5f0c)');
      },
    },
  ];
}
