// A+ Content 2020-11-01 validateContentDocumentAsinRelations: a validation whose 200 body is an errors list.
import type { RequestHandler } from 'msw';
import { CATALOG } from './data/catalog.js';
import { spJson } from './respond.js';
import { csv, spRoute } from './route.js';

const OP = 'validateContentDocumentAsinRelations';

/**
 * The model's 200 body is `ValidateContentDocumentAsinRelationsResponse` (AplusResponse + a required
 * `errors` list): problems of the document for the given ASINs are the result, not a failure. The
 * models do not say which problems Amazon reports; here an ASIN this mock's catalog lacks is one.
 */
const validate = spRoute('post', '/aplus/2020-11-01/contentAsinValidations', ({ url }) => {
  const known = new Set(CATALOG.map((item) => item.asin));
  const errors = csv(url, 'asinSet')
    .filter((asin) => !known.has(asin))
    .map((asin) => ({
      code: 'InvalidInput',
      message: `ASIN ${asin} is not in the catalog of marketplace ${url.searchParams.get('marketplaceId') ?? ''}.`,
      details: asin,
    }));
  return spJson({ warnings: [], errors }, 200, OP);
});

export const aplusHandlers: RequestHandler[] = [...validate];
