// quickjs-emscripten is loaded on the first script run, not when a server imports Code Mode (part of ~75 ms of cold start).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = new URL('../dist/index.js', import.meta.url).href;
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
  register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}), {
    data: { port: port2 },
    transferList: [port2],
  });
  const codeMode = await import(${JSON.stringify(DIST)});
  await new Promise((r) => setTimeout(r, 200));
  const atImport = urls.some((u) => u.includes('quickjs-emscripten'));
  console.log(JSON.stringify({ atImport, exports: typeof codeMode.createCodeModeServer, modules: urls.length > 0 }));
  process.exit(0);`;

describe('Code Mode loads QuickJS lazily', () => {
  it('importing @obmcp/code-mode does not load quickjs-emscripten', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({ atImport: false, exports: 'function', modules: true });
  });
});
