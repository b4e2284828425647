// defineTool: a tool whose handler args are typed from its own schema (FromSchema<typeof schema>).
import type {
  CallContext,
  JsonObject,
  JsonSchema,
  PassthroughTarget,
  ToolAnnotations,
  ToolDefinition,
} from './types.js';

export type { FromSchema } from 'json-schema-to-ts';

export interface ToolSpec<Args> {
  name: string;
  title?: string;
  description: string;
  /** A schema literal written `as const`; must carry `examples: [ {...valid args} ]`. */
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** See ToolDefinition.passthrough. */
  passthrough?: PassthroughTarget;
  _meta?: Record<string, unknown>;
  /** See ToolDefinition.taskSupport. */
  taskSupport?: 'optional' | 'required';
  handler: (args: Args, call: CallContext) => unknown | Promise<unknown>;
}

/**
 * Usage: `const schema = {...} as const; defineTool<FromSchema<typeof schema>>({ inputSchema: schema, … })`.
 * The args are validated against the same schema before the handler runs, so the type is sound.
 */
export function defineTool<Args>(spec: ToolSpec<Args>): ToolDefinition {
  return spec as unknown as ToolDefinition<JsonObject>;
}
