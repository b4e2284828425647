// A tool prepared once at startup: effective schema (strict rule applied), its ajv validator, its published view.
import type { ValidateFunction } from 'ajv';
import type { ContractSettings } from '../config/env.js';
import { normalizesValidArgsUnchanged } from '../normalize/identity-when-valid.js';
import { sharedAjv } from '../validation/ajv.js';
import { injectStrictUnknown } from '../validation/strict-unknown.js';
import { publishTool } from '../schema/published-tool.js';
import type { JsonSchema, ToolDefinition, ToolInfo } from './types.js';

export interface CompiledTool {
  definition: ToolDefinition;
  schema: JsonSchema;
  validate: ValidateFunction;
  /** Arguments that validate need no normalization (see normalizesValidArgsUnchanged): validate first. */
  validateFirst: boolean;
  examples: unknown[];
  info: ToolInfo;
}

export function compileTool(definition: ToolDefinition, settings: ContractSettings): CompiledTool {
  const declared = definition.inputSchema;
  const schema = settings.strictUnknown ? injectStrictUnknown(declared) : declared;
  const { $schema: _ignored, $id: _id, ...rest } = schema as Record<string, unknown>;
  const validate = sharedAjv().compile(rest);
  const examples = Array.isArray(schema.examples) ? [...schema.examples] : [];
  if (examples.length === 0) throw new Error(`tool ${definition.name}: inputSchema must carry examples`);
  for (const example of examples) {
    if (!validate(example))
      throw new Error(`tool ${definition.name}: example ${JSON.stringify(example)} fails its own schema`);
  }
  // tools/list shows the portable view; `schema` (full) keeps validating every call.
  const published = publishTool(definition, schema);
  const info: ToolInfo = { name: definition.name, ...published };
  if (definition.title !== undefined) info.title = definition.title;
  if (definition.annotations !== undefined) info.annotations = definition.annotations;
  return {
    definition,
    schema,
    validate,
    validateFirst: normalizesValidArgsUnchanged(schema),
    examples,
    info,
  };
}
