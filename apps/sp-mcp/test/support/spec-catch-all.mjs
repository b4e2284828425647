// Test preload: the standard upstream mocks, plus a minimal catch-all for SP-API operations that no
// mock handler serves yet (the spec-driven sampler in @obmcp/upstream-mocks will replace it). The
// catch-all answers only requests that match an operation of the vendored models (method + path
// template) and carry its required query parameters; it answers `{}` (no response-schema sampling).
import { readFileSync } from 'node:fs';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { allHandlers } from '@obmcp/upstream-mocks';

const mockEnv = {
  SP_API_CLIENT_ID: 'mock-sp-client-id',
  SP_API_CLIENT_SECRET: 'mock-sp-client-secret',
  SP_API_REFRESH_TOKEN: 'mock-sp-refresh-token',
};
for (const [key, value] of Object.entries(mockEnv)) if (!process.env[key]) process.env[key] = value;
process.env.OBMCP_MOCK = '1';

const catalog = JSON.parse(
  readFileSync(new URL('../../generated/sp-api-catalog.json', import.meta.url), 'utf8'),
);
const routes = catalog.operations.map((op) => ({
  op,
  regex: new RegExp(`^${op.recipe.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

const errors = (status, code, message) =>
  HttpResponse.json(
    { errors: [{ code, message }] },
    { status, headers: { 'x-amzn-RequestId': 'catch-all' } },
  );

const catchAll = http.all(
  /^https:\/\/(sandbox\.)?sellingpartnerapi-(na|eu|fe)\.amazon\.com\//,
  ({ request }) => {
    const url = new URL(request.url);
    const path = decodeURIComponent(url.pathname);
    const match = routes.find((r) => r.op.recipe.method === request.method && r.regex.test(url.pathname));
    if (!match) return errors(404, 'NotFound', `No operation serves ${request.method} ${path}`);
    const missing = match.op.recipe.params.filter(
      (p) => p.in === 'query' && p.required && !url.searchParams.has(p.name),
    );
    if (missing.length > 0)
      return errors(
        400,
        'InvalidInput',
        `Missing required query parameter(s): ${missing.map((p) => p.name).join(', ')}`,
      );
    return HttpResponse.json(
      {},
      {
        headers: {
          'x-amzn-RequestId': `catch-all-${match.op.meta.operationId}`,
          'x-amzn-RateLimit-Limit': '5.0',
        },
      },
    );
  },
);

setupServer(...allHandlers, catchAll).listen({ onUnhandledRequest: 'error' });
