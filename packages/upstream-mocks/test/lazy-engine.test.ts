// The preload stays light: starting the mocks loads no spec, ajv or sampler; the first SP request does.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SERVER = new URL('../dist/server.js', import.meta.url).href;
const TOKENS = new URL('../dist/lwa/tokens.js', import.meta.url).href;
/** A resolve hook (Node's off-thread module hooks) reports every module URL the child loads. */
const HOOKS = `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  port.postMessage(result.url);
  return result;
}`;
const PROBE = `
  import { register } from 'node:module';
  import { MessageChannel } from 'node:worker_threads';
  const urls = [];
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (url) => urls.push(url));
  register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}), { data: { port: port2 }, transferList: [port2] });
  const heavy = () => ['/ajv/', '/openapi-sampler/', '/upstream-specs/', '/spec/engine.js'].filter((m) => urls.some((u) => u.includes(m)));
  const { startMockServer } = await import(${JSON.stringify(SERVER)});
  const { issueAccessToken } = await import(${JSON.stringify(TOKENS)});
  const server = startMockServer();
  await new Promise((r) => setTimeout(r, 200));
  const atStart = heavy();
  const res = await fetch('https://sellingpartnerapi-na.amazon.com/sellers/v1/marketplaceParticipations', {
    headers: { 'x-amz-access-token': issueAccessToken('c', 'r') },
  });
  await new Promise((r) => setTimeout(r, 200));
  const parser = urls.some((u) => u.includes('/openapi-parser/'));
  console.log(JSON.stringify({ atStart, status: res.status, afterFirstCall: heavy(), parser }));
  server.close();
  process.exit(0);`;

it('starting the mocks loads no spec engine; the first SP-API request loads it (no spec parser)', {
  timeout: 60_000,
}, () => {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  });
  expect(JSON.parse(out)).toEqual({
    atStart: [],
    status: 200,
    afterFirstCall: ['/ajv/', '/openapi-sampler/', '/upstream-specs/', '/spec/engine.js'],
    parser: false,
  });
});
