// get_tool_schema: the description and input JSON Schema of one callable tool; unknown names get suggestions.
import {
  boundText,
  DomainValidationError,
  EXAMPLES_META_KEY,
  READ_LOCAL,
  suggest,
  type ToolDefinition,
} from '@obmcp/contract';
import { callableTools } from './callable-tools.js';

interface SchemaArgs {
  name: string;
}

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'Exact tool name (see search_tools).',
    },
  },
  required: ['name'],
  additionalProperties: false,
  examples: [{ name: 'get_envelope_contract' }],
} as const;

export function getToolSchemaTool(): ToolDefinition {
  return {
    name: 'get_tool_schema',
    title: 'Get a tool schema',
    description:
      'The description, input JSON Schema and example arguments of a tool callable from execute: { name, description, inputSchema, examples }.',
    inputSchema: schema,
    annotations: { ...READ_LOCAL, title: 'Get a tool schema' },
    handler: (rawArgs, call) => {
      const { name } = rawArgs as unknown as SchemaArgs;
      const tools = callableTools(call.host);
      const tool = tools.find((t) => t.name === name);
      if (tool) {
        const examples = tool._meta?.[EXAMPLES_META_KEY];
        return {
          name: tool.name,
          description: tool.description,
          inputSchema: tool.inputSchema,
          ...(Array.isArray(examples) ? { examples } : {}),
        };
      }
      const shown = boundText(name, 100);
      const close = suggest(
        name,
        tools.map((t) => t.name),
        3,
      ).map((s) => s.value);
      const hints = close.length > 0 ? [`Did you mean ${close.join(' or ')}? Got ${shown}.`] : [];
      hints.push('Tool names are case-sensitive; use search_tools to find the available names.');
      throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
        summary: `No callable tool is named ${shown}.`,
        details: [
          { path: 'name', issue: `unknown tool: ${shown}`, received_type: 'string', did_you_mean: close },
        ],
        hints,
      });
    },
  };
}
