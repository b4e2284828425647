// Check: every tool has a name, a description, a portable object inputSchema and examples (≥ 1, in _meta) that validate.
import type { Tool } from '@modelcontextprotocol/client';
import { checkPortableSchema, sharedAjv } from '@obmcp/contract/schema';
import { EXAMPLES_META_KEY } from '@obmcp/contract';
import { examplesOf, objectExamples } from '../cases/schema-nav.js';
import type { ReportBuilder } from '../report.js';

const NAME_RE = /^[A-Za-z0-9_.-]{1,128}$/;

function exampleProblems(tool: Tool, schema: Record<string, unknown>): string[] {
  const examples = examplesOf(tool);
  if (!examples || examples.length === 0) return [`_meta["${EXAMPLES_META_KEY}"] has no examples`];
  if (objectExamples(tool).length !== examples.length)
    return ['every example must be an object of arguments'];
  const { $schema: _s, $id: _i, ...rest } = schema;
  let validate: ReturnType<ReturnType<typeof sharedAjv>['compile']>;
  try {
    validate = sharedAjv().compile(rest);
  } catch (error) {
    return [`inputSchema does not compile: ${error instanceof Error ? error.message : String(error)}`];
  }
  return examples.flatMap((ex, i) =>
    validate(ex)
      ? []
      : [
          `example ${i} fails the schema: ${(validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join(', ')}`,
        ],
  );
}

export function checkToolShapes(report: ReportBuilder, tools: readonly Tool[]): void {
  report.expect('tools.listed', tools.length > 0 ? [] : ['tools/list is empty'], `${tools.length} tools`);
  for (const tool of tools) {
    const problems: string[] = [];
    if (!NAME_RE.test(tool.name))
      problems.push(`name ${JSON.stringify(tool.name)} is not a plain identifier`);
    if (typeof tool.description !== 'string' || tool.description.trim() === '')
      problems.push('description is empty');
    const schema = tool.inputSchema as Record<string, unknown>;
    if (schema?.type !== 'object') problems.push('inputSchema.type is not "object"');
    else problems.push(...exampleProblems(tool, schema));
    for (const v of checkPortableSchema(schema))
      problems.push(`inputSchema${v.pointer || ' (root)'} is not portable [${v.rule}]: ${v.message}`);
    report.expect(`tools.shape:${tool.name}`, problems);
  }
}
