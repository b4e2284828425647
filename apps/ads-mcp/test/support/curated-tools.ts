// The curated tools built in process (writes on, no upstream): what each one declares it calls.
import type { ToolDefinition } from '@obmcp/contract';
import { OPERATION_META_KEY, type OperationMeta } from '@obmcp/openapi-tools';
import type { CredentialSource } from '../../src/auth/types.js';
import { loadConfig } from '../../src/config.js';
import type { AdsApiClient } from '../../src/http/client.js';
import { createOperations } from '../../src/operations/bind.js';
import { createSession } from '../../src/session/session.js';
import { createTools } from '../../src/tools/index.js';

const CREDS = {
  OBMCP_MOCK: '1',
  ADS_API_CLIENT_ID: 'mock-client',
  ADS_API_CLIENT_SECRET: 'mock-secret',
  ADS_API_REFRESH_TOKEN: 'mock-refresh',
};

export function curatedTools(env: Record<string, string> = {}): ToolDefinition[] {
  const config = loadConfig({ ...CREDS, ADS_API_ENABLE_WRITES: 'true', ...env });
  // Building the tools sends nothing: client, credentials and the operation call are never used here.
  const client = {} as AdsApiClient;
  return createTools({
    config,
    session: createSession({
      region: config.region,
      ...(config.profileId !== undefined ? { profileId: config.profileId } : {}),
    }),
    client,
    auth: {} as CredentialSource,
    operations: createOperations(client),
  });
}

/** Curated tool → the one operation it replaces; workflows declare a list instead. */
export function curatedOperations(): Record<string, OperationMeta> {
  const out: Record<string, OperationMeta> = {};
  for (const tool of curatedTools()) {
    const meta = tool._meta?.[OPERATION_META_KEY] as OperationMeta | undefined;
    if (meta) out[tool.name] = meta;
  }
  return out;
}
