// The preload stays light: starting the mocks loads no ajv, sampler or randexp; the first SP request does.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SERVER = new URL('../dist/server.js', import.meta.url).href;
const TOKENS = new URL('../dist/lwa/tokens.js', import.meta.url).href;
// ajv, openapi-sampler and randexp are CommonJS: once imported they sit in require.cache.
const PROBE = `
  import { createRequire } from 'node:module';
  const cache = createRequire(import.meta.url).cache;
  const loaded = () => ['/ajv/', '/openapi-sampler/', '/randexp/'].filter((m) => Object.keys(cache).some((k) => k.includes(m)));
  const { startMockServer } = await import(${JSON.stringify(SERVER)});
  const { issueAccessToken } = await import(${JSON.stringify(TOKENS)});
  const server = startMockServer();
  const atStart = loaded();
  const res = await fetch('https://sellingpartnerapi-na.amazon.com/sellers/v1/marketplaceParticipations', {
    headers: { 'x-amz-access-token': issueAccessToken('c', 'r') },
  });
  console.log(JSON.stringify({ atStart, status: res.status, afterFirstCall: loaded() }));
  server.close();
  process.exit(0);`;

it('starting the mocks loads no spec engine; the first SP-API request loads it', { timeout: 60_000 }, () => {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  });
  expect(JSON.parse(out)).toEqual({
    atStart: [],
    status: 200,
    afterFirstCall: ['/ajv/', '/openapi-sampler/', '/randexp/'],
  });
});
