// defineTool: a tool whose handler args are typed from its own schema (FromSchema<typeof schema>).
import type { JsonObject, ToolDefinition } from './types.js';

export type { FromSchema } from 'json-schema-to-ts';

/** A tool as its author writes it: a ToolDefinition whose handler takes the args its schema types. */
export type ToolSpec<Args> = ToolDefinition<Args>;

/**
 * Usage: `const schema = {...} as const; defineTool<FromSchema<typeof schema>>({ inputSchema: schema, … })`.
 * The args are validated against the same schema before the handler runs, so the type is sound.
 */
export function defineTool<Args>(spec: ToolSpec<Args>): ToolDefinition {
  return spec as unknown as ToolDefinition<JsonObject>;
}
