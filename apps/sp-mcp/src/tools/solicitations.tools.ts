// Solicitations v1 workflow (write, behind SP_API_ENABLE_WRITES): request_review asks Amazon which
// solicitations the order allows, then sends the product review and seller feedback request if it is one.
import {
  CREATE_UPSTREAM,
  DomainValidationError,
  defineTool,
  type FromSchema,
  type ToolDefinition,
} from '@obmcp/contract';
import { asObject, type ToolDeps } from './deps.js';
import { marketplaceId, orderId } from './schema-parts.js';

/** The action name getSolicitationActionsForOrder lists when the order can get the request. */
const REVIEW_ACTION = 'productReviewAndSellerFeedback';

const schema = {
  type: 'object',
  properties: { orderId, marketplaceId },
  required: ['orderId', 'marketplaceId'],
  examples: [{ orderId: '902-3159896-1390916', marketplaceId: 'ATVPDKIKX0DER' }],
} as const;

type Args = FromSchema<typeof schema>;

/** Names of the `_links.actions` of a getSolicitationActionsForOrder answer. */
function actionNames(body: unknown): string[] {
  const actions = asObject(asObject(body)._links).actions;
  return (Array.isArray(actions) ? actions : [])
    .map((a) => asObject(a).name)
    .filter((n): n is string => typeof n === 'string');
}

/** Eligibility first, then the request. */
const REVIEW_OPERATIONS = {
  actions: ['solicitations', 'getSolicitationActionsForOrder'],
  review: ['solicitations', 'createProductReviewAndSellerFeedbackSolicitation'],
} as const;

export function solicitationsWriteTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.many(REVIEW_OPERATIONS, (send) =>
      defineTool<Args>({
        name: 'request_review',
        title: 'Request a product review (write)',
        description:
          "Sends Amazon's product review and seller feedback request for an order, once eligible (Solicitations v1; 5-30 days after delivery, once per order). Only with SP_API_ENABLE_WRITES=true.",
        inputSchema: schema,
        annotations: CREATE_UPSTREAM,
        handler: async (args, call) => {
          const order = { amazonOrderId: args.orderId, marketplaceIds: [args.marketplaceId] };
          const check = await send.actions(order, call);
          const available = actionNames(check.body);
          if (!available.includes(REVIEW_ACTION))
            throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
              summary: `Order ${args.orderId} cannot get a review request now (Amazon offers: ${available.join(', ') || 'none'}).`,
              details: [
                {
                  path: 'orderId',
                  issue: 'not eligible for productReviewAndSellerFeedback',
                  received_type: 'string',
                },
              ],
              hints: [
                'Amazon allows one request per order, 5-30 days after delivery; try another order or later.',
              ],
            });
          const sent = await send.review(order, call);
          return {
            orderId: args.orderId,
            marketplaceId: args.marketplaceId,
            sent: sent.status === 201,
            status: sent.status,
          };
        },
      }),
    ),
  ];
}
