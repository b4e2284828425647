// What every tool factory receives: the Openbridge client, the JWT provider and the config.
import type { JwtProvider } from '../auth/jwt-provider.js';
import type { Config } from '../config.js';
import type { OpenbridgeClient } from '../http/client.js';

export interface ToolDeps {
  client: OpenbridgeClient;
  jwt: JwtProvider;
  config: Config;
}

/** A positive integer id; `"123"` is a SCHEMA_TYPE_MISMATCH by design (contract type conventions). */
export const idSchema = (description: string) => ({ type: 'integer', minimum: 1, description }) as const;
