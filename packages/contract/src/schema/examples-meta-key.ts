// The `_meta` key under which tools/list publishes a tool's examples (a constant without the schema machinery).

/** `_meta` key of a published tool: an array of valid argument objects (moved out of inputSchema). */
export const EXAMPLES_META_KEY = 'io.obmcp/examples';
