// Preload: `node --import @obmcp/upstream-mocks/register server.js` runs any built server against the mocks.
import { dummyEnv as adsEnv } from './ads/index.js';
import { dummyEnv as lwaEnv } from './lwa/index.js';
import { dummyEnv as openbridgeEnv } from './openbridge/index.js';
import { checkMockSettings } from './check-settings.js';
import { startMockServer } from './server.js';
import { dummyEnv as spEnv } from './sp/index.js';

for (const [key, value] of Object.entries({ ...lwaEnv, ...spEnv, ...adsEnv, ...openbridgeEnv })) {
  if (process.env[key] === undefined || process.env[key] === '') process.env[key] = value;
}
process.env.OBMCP_MOCK = '1';
const problems = checkMockSettings();
if (problems.length > 0) {
  process.stderr.write(`upstream-mocks: ${problems[0]}\n`);
  process.exit(2);
}
startMockServer();
