// search_tools: find callable tools by keyword over the host's catalogue (code-mode tools excluded).
import { READ_LOCAL, type ToolDefinition } from '@obmcp/contract';
import { rankTools } from '../search/rank-tools.js';
import { callableTools } from './callable-tools.js';

interface SearchArgs {
  query: string;
  limit?: number;
}

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    query: {
      type: 'string',
      maxLength: 200,
      description: 'Keywords matched against tool names and descriptions; empty lists all.',
    },
    limit: { type: 'integer', minimum: 1, maximum: 50, description: 'Maximum tools to return (default 10).' },
  },
  required: ['query'],
  additionalProperties: false,
  examples: [{ query: 'orders' }],
} as const;

export function searchToolsTool(): ToolDefinition {
  return {
    name: 'search_tools',
    title: 'Search tools',
    description:
      'Find tools callable from execute (call_tool) by keyword: { tools: [{ name, title?, description }], total }, best match first.',
    inputSchema: schema,
    annotations: { ...READ_LOCAL, title: 'Search tools' },
    handler: (rawArgs, call) => {
      const args = rawArgs as unknown as SearchArgs;
      const tools = callableTools(call.host);
      return { tools: rankTools(args.query, tools, args.limit ?? 10), total: tools.length };
    },
  };
}
