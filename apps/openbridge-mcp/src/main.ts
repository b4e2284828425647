// openbridge-mcp command line: --help/--version, else env → config → createServer → serve (a startup failure is one stderr line, exit 2).
import { CODE_MODE_ENV_DOCS } from '@obmcp/code-mode';
import { HOSTED_ENV_DOCS } from '@obmcp/hosted-auth';
import { runServerCli } from '@obmcp/http-kit';
import { loadConfig } from './config.js';
import { OPENBRIDGE_ENV_DOCS } from './env-docs.js';
import { profile } from './profile.js';
import { openbridgeHostedGate } from './hosted.js';
import { createServer } from './server.js';

await runServerCli({
  name: profile.name,
  packageName: '@obmcp/openbridge-mcp',
  version: profile.version,
  summary:
    'MCP server for the Openbridge API (subscriptions, identities, jobs, history, warehouse queries …)',
  hostConfigEnv: { OPENBRIDGE_REFRESH_TOKEN: 'key:secret' },
  envDocs: [OPENBRIDGE_ENV_DOCS, CODE_MODE_ENV_DOCS, HOSTED_ENV_DOCS],
  loadConfig,
  secrets: (config) => [config.refreshToken],
  createServer,
  hostedGate: openbridgeHostedGate,
});
