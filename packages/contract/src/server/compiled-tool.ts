// A tool prepared once at startup: effective schema (strict rule applied) and its ajv validator.
import type { ValidateFunction } from 'ajv';
import type { ContractSettings } from '../config/env.js';
import { normalizesValidArgsUnchanged } from '../normalize/identity-when-valid.js';
import { sharedAjv } from '../validation/ajv.js';
import { injectStrictUnknown } from '../validation/strict-unknown.js';
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

/** The effective schema (strict rule applied) and public face, without compiling a validator. */
export function toolInfo(definition: ToolDefinition, settings: ContractSettings): ToolInfo {
  const declared = definition.inputSchema;
  const schema = settings.strictUnknown ? injectStrictUnknown(declared) : declared;
  const info: ToolInfo = { name: definition.name, description: definition.description, inputSchema: schema };
  if (definition.title !== undefined) info.title = definition.title;
  if (definition.annotations !== undefined) info.annotations = definition.annotations;
  if (definition._meta !== undefined) info._meta = definition._meta;
  return info;
}

export function compileTool(
  definition: ToolDefinition,
  settings: ContractSettings,
  known?: ToolInfo,
): CompiledTool {
  const info = known ?? toolInfo(definition, settings);
  const schema = info.inputSchema;
  const { $schema: _ignored, $id: _id, ...rest } = schema as Record<string, unknown>;
  const validate = sharedAjv().compile(rest);
  const examples = Array.isArray(schema.examples) ? [...schema.examples] : [];
  if (examples.length === 0) throw new Error(`tool ${definition.name}: inputSchema must carry examples`);
  for (const example of examples) {
    if (!validate(example))
      throw new Error(`tool ${definition.name}: example ${JSON.stringify(example)} fails its own schema`);
  }
  return {
    definition,
    schema,
    validate,
    validateFirst: normalizesValidArgsUnchanged(schema),
    examples,
    info,
  };
}
