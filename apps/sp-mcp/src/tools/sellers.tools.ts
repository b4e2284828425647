// Sellers v1 tool: get_marketplace_participations.
import type { ToolDefinition } from '@obmcp/contract';
import { pickInput } from '@obmcp/openapi-tools';
import { asObject, type ToolDeps } from './deps.js';

export function sellersTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.one(['sellers', 'getMarketplaceParticipations'], (send, op) => ({
      name: 'get_marketplace_participations',
      title: 'Get marketplace participations',
      description: 'Marketplaces the active seller participates in, with participation status (Sellers v1).',
      // The operation takes no arguments: its schema (and passthrough target), not a restated one.
      inputSchema: pickInput(op, []),
      handler: async (_args, call) => {
        const { body } = await send({}, call);
        const { payload } = asObject(body);
        return { participations: Array.isArray(payload) ? payload : [] };
      },
    })),
  ];
}
