// @obmcp/code-mode: sandboxed Code Mode (execute / search_tools / get_tool_schema) shared by every server.
export { codeModeTools, CODE_MODE_TOOL_NAMES, type CodeModeToolName } from './code-mode-tools.js';
export { applyCodeMode, parseCodeMode, CODE_MODES, type CodeMode, type CodeModeSplit } from './mode.js';
export {
  type CodeModeServerOptions,
  type CodeModeServerSpec,
  createCodeModeServer,
} from './code-mode-server.js';
export { CODE_MODE_ENV, CODE_MODE_ENV_DOCS, readCodeMode } from './code-mode-env.js';
export { DEFAULT_LIMITS, resolveLimits, type CodeModeOptions, type ResolvedLimits } from './options.js';
export type { ExecuteResult, ScriptErrorResult, ScriptErrorInfo } from './sandbox/types.js';
