// Build step: writes dist/spec/routes.json (method + path → spec file of every SP and Ads operation),
// so the mocks route a server's first request without parsing 121 spec files.
import { writeFileSync } from 'node:fs';
import { scanRoutes } from '../dist/spec/operations.js';

const routes = [...scanRoutes('sp-api'), ...scanRoutes('amazon-ads')];
writeFileSync(new URL('../dist/spec/routes.json', import.meta.url), JSON.stringify(routes));
console.error(`routes.json: ${routes.length} operations`);
