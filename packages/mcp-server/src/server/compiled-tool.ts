// A tool prepared for calls: effective schema (strict rule applied), its ajv validator, its published view.
import type { ValidateFunction } from 'ajv';
import type { ContractSettings } from '../config/env.js';
import { normalizesValidArgsUnchanged } from '@obmcp/contract/internal/normalize/identity-when-valid.js';
import { sharedAjv } from '@obmcp/contract/internal/validation/ajv.js';
import { derivePublishedView } from '@obmcp/contract/internal/schema/published-tool.js';
import {
  closeTopLevel,
  injectStrictUnknown,
  isSilentObjectSchema,
} from '@obmcp/contract/internal/validation/strict-unknown.js';
import type { JsonSchema, ToolDefinition, ToolInfo } from '@obmcp/contract/internal/tool/types.js';

export interface CompiledTool {
  definition: ToolDefinition;
  schema: JsonSchema;
  validate: ValidateFunction;
  /** Arguments that validate need no normalization (see normalizesValidArgsUnchanged): validate first. */
  validateFirst: boolean;
  examples: unknown[];
  info: ToolInfo;
}

/**
 * The contract's four rules (strict on: silent → false), plus one: with strict off, a tool that
 * declares no passthrough target keeps a closed top level (an unknown field there could reach nothing).
 */
function effectiveSchema(definition: ToolDefinition, settings: ContractSettings): JsonSchema {
  if (settings.strictUnknown) return injectStrictUnknown(definition.inputSchema);
  return definition.passthrough === undefined
    ? closeTopLevel(definition.inputSchema)
    : definition.inputSchema;
}

/**
 * The public face without compiling a validator: tools/list shows the portable view of the full
 * schema, examples under `_meta["io.obmcp/examples"]`, beside the tool's own `_meta`.
 */
export function toolInfo(definition: ToolDefinition, settings: ContractSettings): ToolInfo {
  // Not re-checked here: each app's snapshot test proves every published view portable (docs/CONTRACT.md).
  const published = derivePublishedView(definition, effectiveSchema(definition, settings));
  // The published view always has its `_meta` (the examples): the tool's own keys go under them.
  const info: ToolInfo = {
    name: definition.name,
    ...published,
    _meta: { ...definition._meta, ...published._meta },
  };
  if (definition.title !== undefined) info.title = definition.title;
  if (definition.annotations !== undefined) info.annotations = definition.annotations;
  if (definition.taskSupport !== undefined) info.execution = { taskSupport: definition.taskSupport };
  return info;
}

/** Startup check of a definition's shape (cheap; no ajv): a passthrough tool must leave its top level open. */
export function assertToolShape(definition: ToolDefinition): void {
  if (definition.passthrough !== undefined && !isSilentObjectSchema(definition.inputSchema))
    throw new Error(
      `tool ${definition.name}: declares passthrough, so its top-level schema must have properties and leave additionalProperties unset`,
    );
}

export function compileTool(
  definition: ToolDefinition,
  settings: ContractSettings,
  known?: ToolInfo,
): CompiledTool {
  const schema = effectiveSchema(definition, settings);
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
    info: known ?? toolInfo(definition, settings),
  };
}
