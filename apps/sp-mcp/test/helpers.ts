// Test helpers: start sp-mcp over stdio against the mocks, with Code Mode off unless asked.
import { type RunningServer, startServer } from '@obmcp/test-kit';

export async function startSp(
  env: Record<string, string | undefined> = {},
  recordUpstream = false,
): Promise<RunningServer> {
  return startServer({ app: 'sp-mcp', env: { CODE_MODE: 'off', ...env }, recordUpstream });
}

export const US = 'ATVPDKIKX0DER';
