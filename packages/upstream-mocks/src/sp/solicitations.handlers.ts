// Solicitations v1: which solicitations an order allows (HAL+JSON) and sending the product review and
// seller feedback request. Shipped orders of the orders fixture are eligible; any other order has none.
import type { RequestHandler } from 'msw';
import { ORDERS } from './data/orders.js';
import { spJson } from './respond.js';
import { csv, spRoute, unexpectedParams } from './route.js';

const HAL = 'application/hal+json';
const ACTION = 'productReviewAndSellerFeedback';

const eligible = (orderId: string) =>
  ORDERS.some((o) => o.AmazonOrderId === orderId && o.OrderStatus === 'Shipped');

/** The API's 400, in the operation's HAL media type. */
const invalid = (message: string, op: string): Response =>
  spJson({ errors: [{ code: 'InvalidInput', message }] }, 400, op, HAL);

function checkQuery(url: URL, op: string): Response | undefined {
  const bad = unexpectedParams(url, ['marketplaceIds']);
  if (bad.length > 0) return invalid(`Unknown query parameter(s): ${bad.join(', ')}`, op);
  if (csv(url, 'marketplaceIds').length !== 1)
    return invalid('marketplaceIds must contain exactly one value.', op);
  return undefined;
}

const actions = spRoute('get', '/solicitations/v1/orders/:amazonOrderId', ({ url, params }) => {
  const op = 'getSolicitationActionsForOrder';
  const bad = checkQuery(url, op);
  if (bad) return bad;
  const id = params.amazonOrderId ?? '';
  const query = `?marketplaceIds=${csv(url, 'marketplaceIds').join(',')}`;
  const base = `/solicitations/v1/orders/${id}`;
  const can = eligible(id);
  return spJson(
    {
      _links: {
        actions: can ? [{ href: `${base}/solicitations/${ACTION}${query}`, name: ACTION }] : [],
        self: { href: `${base}${query}` },
      },
      _embedded: {
        actions: can
          ? [
              {
                _links: {
                  self: { href: `${base}/solicitations/${ACTION}${query}`, name: ACTION },
                  schema: { href: `${base}/solicitations/${ACTION}/schema`, name: ACTION },
                },
                payload: { name: ACTION },
              },
            ]
          : [],
      },
    },
    200,
    op,
    HAL,
  );
});

const review = spRoute(
  'post',
  `/solicitations/v1/orders/:amazonOrderId/solicitations/${ACTION}`,
  ({ url, params }) => {
    const op = 'createProductReviewAndSellerFeedbackSolicitation';
    const bad = checkQuery(url, op);
    if (bad) return bad;
    if (!eligible(params.amazonOrderId ?? ''))
      return invalid('The order is not eligible for this solicitation.', op);
    return spJson({}, 201, op, HAL);
  },
);

export const solicitationsHandlers: RequestHandler[] = [...actions, ...review];
