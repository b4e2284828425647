// Sellers v1 tool: get_marketplace_participations.
import { defineTool, type FromSchema, type ToolDefinition } from '@obmcp/contract';
import type { ToolDeps } from './deps.js';

const schema = { type: 'object', properties: {}, examples: [{}] } as const;

export function sellersTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.one(['sellers', 'getMarketplaceParticipations'], (send) =>
      defineTool<FromSchema<typeof schema>>({
        name: 'get_marketplace_participations',
        title: 'Get marketplace participations',
        description:
          'Marketplaces the active seller participates in, with participation status (Sellers v1).',
        inputSchema: schema,
        passthrough: 'query',
        handler: async (_args, call) => {
          const { body } = await send({}, call);
          const payload =
            body && typeof body === 'object' ? (body as { payload?: unknown }).payload : undefined;
          return { participations: Array.isArray(payload) ? payload : [] };
        },
      }),
    ),
  ];
}
