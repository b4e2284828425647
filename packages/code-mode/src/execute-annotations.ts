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
  const readOnly = callable.every((t) => t.annotations?.readOnlyHint === true);
  return {
    title: 'Run a Code Mode script',
    readOnlyHint: readOnly,
    // A script may call any callable tool: destructive as soon as one of them is.
    destructiveHint: callable.some((t) => t.annotations?.destructiveHint === true),
    // Scripts are arbitrary code: a repeat is not promised to do the same thing.
    idempotentHint: false,
    openWorldHint: true,
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
