// Where the repo, its release/demo scripts and the release tools are, from this package.
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const REPO_ROOT = here('../../../');
export const RELEASE_SCRIPT = here('../../../scripts/release/release.mjs');
export const CHECK_SCRIPT = here('../../../scripts/release/check.mjs');
export const PACK_SCRIPT = here('../../../scripts/release/pack.mjs');
export const PUBLISH_SCRIPT = here('../../../scripts/release/publish.mjs');
export const DEMO_SCRIPT = here('../../../scripts/demo.mjs');
/** The `mcpb` CLI (@anthropic-ai/mcpb) and verdaccio, devDependencies of this package. */
export const MCPB_BIN = here('../node_modules/.bin/mcpb');
export const VERDACCIO_BIN = here('../node_modules/.bin/verdaccio');
/** The MCP Registry's server.json schema, vendored (vendor/mcp-registry/SOURCE.md). */
export const SERVER_JSON_SCHEMA = here('../vendor/mcp-registry/server.schema.json');
