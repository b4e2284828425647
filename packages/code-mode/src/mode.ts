// CODE_MODE switch: which tools an app lists and which it keeps callable only through the host.
import type { ToolDefinition } from '@obmcp/contract';
import { codeModeTools } from './code-mode-tools.js';
import { withExecuteHints } from './execute-annotations.js';

export type CodeMode = 'on' | 'only' | 'off';
export const CODE_MODES: readonly CodeMode[] = ['on', 'only', 'off'];

/** `on` (default when unset/empty), `only`, `off`; also accepts true/false/1/0. Throws otherwise. */
export function parseCodeMode(value: string | undefined): CodeMode {
  const raw = (value ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'on' || raw === 'true' || raw === '1') return 'on';
  if (raw === 'off' || raw === 'false' || raw === '0') return 'off';
  if (raw === 'only') return 'only';
  throw new Error(
    `CODE_MODE must be one of on, only, off (got ${JSON.stringify(String(value).slice(0, 40))}); unset means on.`,
  );
}

export interface CodeModeSplit {
  /** Published in tools/list. */
  listed: ToolDefinition[];
  /** Callable only through the host (call_tool inside execute). */
  internal: ToolDefinition[];
}

/**
 * Splits an app's tools by mode. `codeTools` defaults to `codeModeTools()` (pass your own to set limits).
 * on: listed = direct + code tools; only: listed = code tools, internal = direct; off: listed = direct.
 * `hiddenTools` (e.g. operations outside the selected toolsets) are never listed: they are callable
 * through Code Mode (search_tools, get_tool_schema, call_tool) when it is on or only, and absent when off.
 */
export function applyCodeMode(
  directTools: readonly ToolDefinition[],
  mode: CodeMode | string | undefined,
  codeTools?: readonly ToolDefinition[],
  hiddenTools: readonly ToolDefinition[] = [],
): CodeModeSplit {
  const parsed = parseCodeMode(mode);
  if (parsed === 'off') return { listed: [...directTools], internal: [] };
  const code = withExecuteHints(codeTools ?? codeModeTools(), [...directTools, ...hiddenTools]);
  if (parsed === 'only') return { listed: [...code], internal: [...directTools, ...hiddenTools] };
  return { listed: [...directTools, ...code], internal: [...hiddenTools] };
}
