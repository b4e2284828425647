// Preload for `pnpm bench`: times the phases of each tools/call inside a server, printed to stderr at exit.
import { writeSync } from 'node:fs';
import { esm } from './resolve.mjs';
import { pct } from './stats.mjs';

const { Server } = await import(esm('@modelcontextprotocol/server'));
const SKIP = Number(process.env.OBMCP_PHASE_SKIP ?? 300);
const at = { arrive: 0, handler: 0, fetch0: 0, fetch1: 0, ret: 0 };
const phases = { toHandler: [], toFetch: [], inFetch: [], afterFetch: [], toWrite: [] };
let seen = 0;

// Arrival of the request line (first listener), entry/exit of the tools/call handler, the upstream
// fetch up to its headers, and the write of the answer.
process.stdin.prependListener('data', () => {
  at.arrive = performance.now();
});
// The v2 SDK (obmcp's ContractSdkServer and the Server baseline extend the same class) registers a handler by
// method name: `(method, handler)` or `(method, schemas, handler)`.
const setRequestHandler = Server.prototype.setRequestHandler;
Server.prototype.setRequestHandler = function (method, ...rest) {
  const handler = rest.at(-1);
  if (method !== 'tools/call' || typeof handler !== 'function')
    return setRequestHandler.call(this, method, ...rest);
  return setRequestHandler.call(this, method, ...rest.slice(0, -1), async (...args) => {
    at.handler = performance.now();
    const result = await handler(...args);
    at.ret = performance.now();
    return result;
  });
};
const fetch = globalThis.fetch;
globalThis.fetch = async (...args) => {
  at.fetch0 = performance.now();
  const response = await fetch(...args);
  at.fetch1 = performance.now();
  return response;
};
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  if (at.arrive && at.ret && at.fetch1 > at.handler && seen++ >= SKIP) {
    phases.toHandler.push(at.handler - at.arrive);
    phases.toFetch.push(at.fetch0 - at.handler);
    phases.inFetch.push(at.fetch1 - at.fetch0);
    phases.afterFetch.push(at.ret - at.fetch1);
    phases.toWrite.push(performance.now() - at.ret);
  }
  at.arrive = 0;
  at.ret = 0;
  return write(chunk, ...rest);
};
process.on('exit', () => {
  const out = Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, pct(v, 50) * 1000]));
  writeSync(2, `OBMCP_PHASES ${JSON.stringify({ ...out, calls: phases.toWrite.length })}\n`);
});
