// The execute tool's MCP hints follow what its scripts can reach: read-only only when every callable tool is.
import type { ToolAnnotations, ToolDefinition } from '@obmcp/contract';

/** Before the callable tools are known: assume a script can change and destroy upstream state. */
export const EXECUTE_UNKNOWN_HINTS: ToolAnnotations = Object.freeze({
  title: 'Run a Code Mode script',
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
});

export function executeAnnotations(callable: readonly ToolDefinition[]): ToolAnnotations {
  // Scripts are arbitrary code, so never idempotent; a script may call any callable tool.
  return {
    ...EXECUTE_UNKNOWN_HINTS,
    readOnlyHint: callable.every((t) => t.annotations?.readOnlyHint === true),
    destructiveHint: callable.some((t) => t.annotations?.destructiveHint === true),
  };
}

/** The code-mode tools with execute's hints set for these callable tools. */
export function withExecuteHints(
  codeTools: readonly ToolDefinition[],
  callable: readonly ToolDefinition[],
): ToolDefinition[] {
  return codeTools.map((t) =>
    t.name === 'execute' ? { ...t, annotations: executeAnnotations(callable) } : t,
  );
}
