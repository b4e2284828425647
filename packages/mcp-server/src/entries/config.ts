// @obmcp/mcp-server/config: strict settings from the environment (one reader, documented variables, the contract's own settings).
export type { EnvDocs } from '../config/env-docs.js';
export { ConfigError, type Env, type EnvReader, envReaderOf } from '../config/env-reader.js';
export { type ContractSettings, readContractSettings } from '../config/env.js';
export { readLogLevel } from '../config/log-level.js';
