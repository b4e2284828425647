// Tokens API 2021-03-01 createRestrictedDataToken: an RDT for restricted resources the application may read.
// The spec gate has already checked the body against `CreateRestrictedDataTokenRequest`.
import type { RequestHandler } from 'msw';
import { refreshTokenOf } from '../lwa/tokens.js';
import { invalidInput, spJson } from './respond.js';
import {
  type GrantedResource,
  isGenericPath,
  issueRdt,
  requestRoles,
  restrictedEntry,
} from './restricted.js';
import { spRoute } from './route.js';

const OP = 'createRestrictedDataToken';
const SHIPPING_ELEMENTS = new Set(['shippingAddress']);

interface ResourceInput {
  method?: unknown;
  path?: unknown;
  dataElements?: unknown;
}

const create = spRoute('post', '/tokens/2021-03-01/restrictedDataToken', async ({ request }) => {
  let body: { restrictedResources?: unknown };
  try {
    body = (await request.json()) as { restrictedResources?: unknown };
  } catch {
    return invalidInput(
      'Request is missing or has invalid parameters',
      OP,
      'Request body is not valid JSON.',
    );
  }
  const inputs = Array.isArray(body.restrictedResources) ? (body.restrictedResources as ResourceInput[]) : [];
  // The model's own 400 example: "Request is missing or has invalid parameters" / "Resource not provided."
  if (inputs.length === 0)
    return invalidInput('Request is missing or has invalid parameters', OP, 'Resource not provided.');
  if (inputs.length > 50)
    return invalidInput(
      'Request is missing or has invalid parameters',
      OP,
      'Maximum 50 restricted resources.',
    );
  const roles = requestRoles(request);
  const granted: GrantedResource[] = [];
  const denied = new Set<string>();
  for (const input of inputs) {
    const method = String(input.method ?? '');
    const path = String(input.path ?? '');
    const elements = Array.isArray(input.dataElements) ? input.dataElements.map(String) : [];
    const entry = restrictedEntry(method, path);
    if (!entry)
      return invalidInput(
        'Request is missing or has invalid parameters',
        OP,
        `Invalid restricted resource: ${path}`,
      );
    if (entry.specificOnly && isGenericPath(entry, path))
      return invalidInput(
        'Request is missing or has invalid parameters',
        OP,
        'This restricted resource accepts only a specific path.',
      );
    const unknown = elements.filter((e) => !(entry.dataElements ?? []).includes(e));
    if (unknown.length > 0)
      return invalidInput(
        'Request is missing or has invalid parameters',
        OP,
        `Invalid dataElements: ${unknown.join(', ')}`,
      );
    if (!roles.shipping && !roles.tax) {
      // The real answers (amzn/selling-partner-api-docs #1201, #702): 400 InvalidInput, empty details.
      return elements.length > 0
        ? invalidInput(
            `Application does not have access to one or more requested data elements: [${elements.join(', ')}]`,
            OP,
            '',
          )
        : invalidInput('Application do not have access to some or all requested resource', OP, '');
    }
    for (const e of elements) if (!roles.tax && !SHIPPING_ELEMENTS.has(e)) denied.add(e);
    granted.push({ method, path, dataElements: elements });
  }
  if (denied.size > 0)
    return invalidInput(
      `Application does not have access to one or more requested data elements: [${[...denied].join(', ')}]`,
      OP,
      '',
    );
  const refreshToken = refreshTokenOf(request.headers.get('x-amz-access-token') ?? '') ?? '';
  return spJson({ restrictedDataToken: issueRdt(refreshToken, granted), expiresIn: 3600 }, 200, OP);
});

export const tokensHandlers: RequestHandler[] = [...create];
