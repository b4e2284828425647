// An app's real contract server built in this process (its package's app object) over in-process msw.
import type { Client } from '@modelcontextprotocol/client';
import { type ContractServer, createLogger } from '@obmcp/mcp-server/server';
import { startInProcess } from '@obmcp/test-kit';
import { appObject } from './app-objects.js';
import type { ListedTool } from './fuzz/tool-selection.js';
import { CANARY_ENV } from './canaries.js';
import type { JsonRpcResponse } from './raw-stdio.js';
import { APP_ENV, type AppName, requireBuilt } from './servers.js';

export interface InProcessApp {
  contract: ContractServer;
  /** Every log line the app wrote. */
  logs: string[];
  call(name: string, args: unknown, timeoutMs?: number): ReturnType<ContractServer['host']['invoke']>;
}

/** Builds the app with canary credentials, OBMCP_MOCK=1 and `env` on top; msw must already listen. */
export async function inProcessApp(app: AppName, env: Record<string, string> = {}): Promise<InProcessApp> {
  requireBuilt(app);
  const mods = await appObject(app);
  const fullEnv = { ...process.env, ...CANARY_ENV, ...APP_ENV[app], OBMCP_MOCK: '1', ...env };
  const logs: string[] = [];
  const config = mods.loadConfig(fullEnv);
  const secrets = Object.values(CANARY_ENV);
  const logger = createLogger({ name: app, level: 'debug', secrets, write: (line) => logs.push(line) });
  const contract = mods.createServer(config, { logger, env: fullEnv });
  return {
    contract,
    logs,
    call: (name, args, timeoutMs = 30_000) =>
      contract.host.invoke(name, args, { signal: AbortSignal.timeout(timeoutMs), listedOnly: true }),
  };
}

/** tools/list of an app started in process (test-kit's startInProcess) with the env spawnApp would give it. */
export async function listToolsInProcess(
  app: AppName,
  env: Record<string, string> = {},
): Promise<ListedTool[]> {
  const server = await startInProcess({
    app: await appObject(app),
    env: { ...CANARY_ENV, ...APP_ENV[app], ...env },
  });
  try {
    return (await server.client.listTools()).tools as ListedTool[];
  } finally {
    await server.close();
  }
}

/** One tools/call over an in-process client, shaped as the raw stdio answer (`{ result }`) the load readers take. */
export async function callAnswer(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  timeoutMs = 30_000,
): Promise<JsonRpcResponse> {
  const result = await client.callTool({ name, arguments: args }, { timeout: timeoutMs });
  return { jsonrpc: '2.0', id: null, result };
}
