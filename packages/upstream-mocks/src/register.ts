// Preload: `node --import @obmcp/upstream-mocks/register server.js` runs any built server against the mocks.
import { checkMockSettings } from './check-settings.js';
import { dummyCredentialEnv } from './in-process.js';
import { startMockServer } from './server.js';

for (const [key, value] of Object.entries(dummyCredentialEnv())) {
  if (process.env[key] === undefined || process.env[key] === '') process.env[key] = value;
}
process.env.OBMCP_MOCK = '1';
const problems = checkMockSettings();
if (problems.length > 0) {
  process.stderr.write(`upstream-mocks: ${problems[0]}\n`);
  process.exit(2);
}
startMockServer();
