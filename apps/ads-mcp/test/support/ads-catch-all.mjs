// Test preload: the standard upstream mocks, plus a catch-all for Amazon Ads operations no hand-written
// handler serves yet (the spec-driven sampler of @obmcp/upstream-mocks will replace it). It answers only
// requests that match an operation of the generated catalog (method + path template) and that carry the
// operation's media types (else 415, as Amazon's gateway does) and identity headers; the body is `{}`.
import { readFileSync } from 'node:fs';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { allHandlers } from '@obmcp/upstream-mocks';

const mockEnv = {
  ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.mockadsclient000',
  ADS_API_CLIENT_SECRET: 'mock-ads-client-secret-not-real',
  ADS_API_REFRESH_TOKEN: 'Atzr|mock-ads-refresh-token-not-real',
};
for (const [key, value] of Object.entries(mockEnv)) if (!process.env[key]) process.env[key] = value;
process.env.OBMCP_MOCK = '1';

const catalog = JSON.parse(
  readFileSync(new URL('../../generated/ads-api-catalog.json', import.meta.url), 'utf8'),
);
const routes = catalog.operations.map((op) => ({
  op,
  regex: new RegExp(
    `^${op.recipe.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
  ),
  // Literal segments first: /sp/campaigns/list must not be taken for /sp/campaigns/{campaignId}.
  literal: op.recipe.path.replace(/\{[^}]+\}/g, '').length,
}));
routes.sort((a, b) => b.literal - a.literal);

const error = (status, code, details) =>
  HttpResponse.json({ code, details }, { status, headers: { 'x-amzn-RequestId': 'catch-all' } });

const catchAll = http.all(/^https:\/\/advertising-api(-eu|-fe)?\.amazon\.com\//, ({ request }) => {
  const url = new URL(request.url);
  const match = routes.find((r) => r.op.recipe.method === request.method && r.regex.test(url.pathname));
  if (!match) return error(404, 'NOT_FOUND', `No operation serves ${request.method} ${url.pathname}`);
  const { recipe } = match.op;
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim();
  if (recipe.contentType && type !== '' && type !== recipe.contentType)
    return error(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type must be ${recipe.contentType}`);
  const accepted = (request.headers.get('accept') ?? '').split(',').map((t) => t.split(';')[0].trim());
  if (recipe.accept && !accepted.includes(recipe.accept))
    return error(415, 'UNSUPPORTED_MEDIA_TYPE', `Accept must be ${recipe.accept}`);
  for (const header of recipe.serverHeaders ?? []) {
    const name = header.toLowerCase();
    if (name === 'authorization' || name === 'amazon-advertising-api-scope') continue;
    if (!request.headers.get(name)) return error(400, '400', `Missing required header: ${header}`);
  }
  const missing = recipe.params.filter(
    (p) => p.in === 'query' && p.required && !url.searchParams.has(p.name),
  );
  if (missing.length > 0)
    return error(400, '400', `Missing query parameter(s): ${missing.map((p) => p.name).join(', ')}`);
  return HttpResponse.json(
    {},
    {
      headers: {
        'content-type': recipe.accept ?? 'application/json',
        'x-amzn-RequestId': `catch-all-${match.op.name}`,
      },
    },
  );
});

setupServer(...allHandlers, catchAll).listen({ onUnhandledRequest: 'error' });
