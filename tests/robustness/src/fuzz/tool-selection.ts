// Which listed tools the fuzzer drives: everything except writes/creates and session switches.
export interface ListedTool {
  name: string;
  inputSchema: Record<string, unknown>;
  /** `_meta["io.obmcp/examples"]`: the tool's valid argument objects. */
  _meta?: Record<string, unknown>;
  annotations?: {
    readOnlyHint?: boolean;
    destructiveHint?: boolean;
    openWorldHint?: boolean;
    idempotentHint?: boolean;
  };
}

/** Session-state switches: fuzzing them would move later cases to another region/profile. */
const STATEFUL = /^set_/;

/**
 * Fuzz targets: read-only tools plus local ones that declare no write (`execute` runs Code Mode
 * scripts; its sandbox only reaches read tools). Non-read-only upstream tools (create_*) are skipped:
 * a valid mutated case would create mock state on every run.
 */
export function fuzzTargets(tools: readonly ListedTool[]): ListedTool[] {
  return tools.filter((t) => {
    if (STATEFUL.test(t.name)) return false;
    if (t.name === 'execute') return true;
    return t.annotations?.readOnlyHint !== false;
  });
}

/** Top-level property names a schema declares (used for key mutations). */
export function propertyNames(schema: Record<string, unknown>): string[] {
  const props = schema.properties;
  return props && typeof props === 'object' ? Object.keys(props) : [];
}

/** The first published example, from `_meta["io.obmcp/examples"]` (every contract tool must have one). */
export function firstExample(tool: Pick<ListedTool, '_meta'>): Record<string, unknown> {
  const examples = tool._meta?.['io.obmcp/examples'];
  const first = Array.isArray(examples) ? (examples[0] as unknown) : undefined;
  return first && typeof first === 'object' && !Array.isArray(first)
    ? (first as Record<string, unknown>)
    : {};
}
