// The curated tools built in process (writes on, no upstream): what each one declares it calls.
import type { ToolDefinition } from '@obmcp/contract';
import { OPERATION_META_KEY, type OperationMeta } from '@obmcp/openapi-tools';
import { loadConfig } from '../../src/config.js';
import type { SpApiClient } from '../../src/http/client.js';
import { createSession } from '../../src/session/session.js';
import { createOperations } from '../../src/operations/bind.js';
import type { ToolDeps } from '../../src/tools/deps.js';
import { createTools } from '../../src/tools/index.js';

export function curatedTools(env: Record<string, string> = {}): ToolDefinition[] {
  const all = { OBMCP_MOCK: '1', SP_API_ENABLE_WRITES: 'true', ...env };
  const config = loadConfig(all);
  // Building the tools sends nothing: the client and fetcher are never called here.
  const client = {} as SpApiClient;
  return createTools({
    config,
    session: createSession(config, all),
    documents: {} as ToolDeps['documents'],
    operations: createOperations(client),
  });
}

/** Curated tool → the one operation it replaces ([api, operationId]); workflows declare a list instead. */
export function curatedOperations(): Record<string, readonly [string, string]> {
  const out: Record<string, readonly [string, string]> = {};
  for (const tool of curatedTools()) {
    const meta = tool._meta?.[OPERATION_META_KEY] as OperationMeta | undefined;
    if (meta) out[tool.name] = [meta.api, meta.operationId];
  }
  return out;
}
