// @obmcp/code-mode: sandboxed Code Mode (execute / search_tools / get_tool_schema) shared by every server.
export type { CodeMode } from './mode.js';
export { createCodeModeServer } from './code-mode-server.js';
export { CODE_MODE_ENV_DOCS, readCodeMode } from './code-mode-env.js';
