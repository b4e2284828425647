// Check: every tool has a name, a description and an object inputSchema whose examples (≥ 1) validate.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { sharedAjv } from '@obmcp/contract';
import { objectExamples } from '../cases/schema-nav.js';
import type { ReportBuilder } from '../report.js';

const NAME_RE = /^[A-Za-z0-9_.-]{1,128}$/;

function exampleProblems(schema: Record<string, unknown>): string[] {
  const examples = schema.examples;
  if (!Array.isArray(examples) || examples.length === 0) return ['inputSchema has no examples'];
  if (objectExamples(schema).length !== examples.length)
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
    else problems.push(...exampleProblems(schema));
    report.expect(`tools.shape:${tool.name}`, problems);
  }
}
