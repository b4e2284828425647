// What tools/list publishes for a tool: portable inputSchema, description with the rule notes, examples in _meta.
import type { JsonSchema, ToolDefinition } from '../tool/types.js';
import { encodeMapEntries } from '../normalize/map-entries.js';
import { derivePortableSchema } from './portable-schema.js';
import { checkPortableSchema, type PortabilityViolation } from './portable-rules.js';
import { EXAMPLES_META_KEY } from './examples-meta-key.js';

export interface PublishedToolView {
  description: string;
  inputSchema: JsonSchema;
  _meta: { [EXAMPLES_META_KEY]: unknown[] };
}

/** One tool's broken rules, each naming the JSON pointer in the published inputSchema. */
export class PortableSchemaError extends Error {
  constructor(readonly failures: readonly { tool: string; violations: readonly PortabilityViolation[] }[]) {
    super(
      `published inputSchema breaks the portable-schema rules (docs/CONTRACT.md):\n${failures
        .flatMap(({ tool, violations }) =>
          violations.map(
            (v) => `  tool ${tool}: inputSchema${v.pointer || ' (root)'} [${v.rule}] ${v.message}`,
          ),
        )
        .join('\n')}`,
    );
    this.name = 'PortableSchemaError';
  }
}

/**
 * The published view of a tool whose full schema is `schema` (the one the server validates with): the
 * derivation only. This is what a server lists; it does not re-check the view at run time. Portability is
 * proven before a release: `publishTool` / `assertPortableTools` at generation time and every app's
 * snapshot test (`listPublishedTools`) over all its published tools.
 */
export function derivePublishedView(
  tool: Pick<ToolDefinition, 'name' | 'description'>,
  schema: JsonSchema,
): PublishedToolView {
  const { schema: inputSchema, notes } = derivePortableSchema(schema);
  // Examples in the published form: an open map shows as its {key, value} entries, as the schema says.
  const examples = Array.isArray(schema.examples)
    ? schema.examples.map((example) => encodeMapEntries(example, schema))
    : [];
  const description = notes.reduce(
    (text, note) => (text.includes(note) ? text : `${text.trimEnd()} ${note}`),
    tool.description,
  );
  return { description, inputSchema, _meta: { [EXAMPLES_META_KEY]: examples } };
}

/**
 * The published view of a tool, checked: throws PortableSchemaError when the derived view still breaks a
 * rule (e.g. a root that is not an object). For generators and tests; a server lists `derivePublishedView`.
 */
export function publishTool(
  tool: Pick<ToolDefinition, 'name' | 'description'>,
  schema: JsonSchema,
): PublishedToolView {
  const view = derivePublishedView(tool, schema);
  const violations = checkPortableSchema(view.inputSchema);
  if (violations.length > 0) throw new PortableSchemaError([{ tool: tool.name, violations }]);
  return view;
}

/**
 * Checks a whole tool list (generated tools, tools hidden by toolsets, Code Mode internals) and throws
 * one PortableSchemaError naming every tool and pointer that fails. Returns the published views.
 */
export function assertPortableTools(tools: readonly ToolDefinition[]): Map<string, PublishedToolView> {
  const views = new Map<string, PublishedToolView>();
  const failures: { tool: string; violations: readonly PortabilityViolation[] }[] = [];
  for (const tool of tools) {
    try {
      views.set(tool.name, publishTool(tool, tool.inputSchema));
    } catch (error) {
      if (!(error instanceof PortableSchemaError)) throw error;
      failures.push(...error.failures);
    }
  }
  if (failures.length > 0) throw new PortableSchemaError(failures);
  return views;
}
