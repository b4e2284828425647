// Sellers v1 getMarketplaceParticipations (payload is an array; no rate header: best-effort omission).
import type { RequestHandler } from 'msw';
import { MARKETPLACES_BY_REGION } from './data/marketplaces.js';
import { spJson } from './respond.js';
import { spRoute } from './route.js';

const participations = spRoute('get', '/sellers/v1/marketplaceParticipations', ({ host }) =>
  spJson(
    {
      payload: MARKETPLACES_BY_REGION[host.region].map((marketplace) => ({
        marketplace,
        participation: { isParticipating: true, hasSuspendedListings: false },
        storeName: 'Mock Store',
      })),
    },
    200,
    'getMarketplaceParticipations',
  ),
);

export const sellersHandlers: RequestHandler[] = [...participations];
