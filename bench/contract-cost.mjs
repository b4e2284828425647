// In-process cost of the contract layer (normalize + validate + envelope) and ajv compile counts.
import { esm } from './resolve.mjs';

const { createToolHost, silentLogger } = await import(esm('@obmcp/mcp-server/testing'));
const { readContractSettings } = await import(esm('@obmcp/mcp-server/config'));
const { sharedAjv } = await import(esm('@obmcp/contract/schema'));

/** Counts sharedAjv().compile calls from now on. */
export function countCompiles() {
  const ajv = sharedAjv();
  const original = ajv.compile.bind(ajv);
  const counter = { n: 0 };
  ajv.compile = (...args) => {
    counter.n += 1;
    return original(...args);
  };
  return counter;
}

// The same representative get_orders schema and profile the robustness suite uses.
const { ordersSchema: schema, representativeProfile: profile } = await import(
  new URL('../tests/robustness/dist/representative-tools.js', import.meta.url).href
);
const tool = {
  name: 'get_orders',
  description: 'bench',
  inputSchema: schema,
  handler: () => ({ orders: [] }),
};
const bare = {
  name: 'bare',
  description: 'bench',
  inputSchema: { type: 'object', examples: [{}] },
  handler: () => ({ orders: [] }),
};

let invoked = 0;
async function perCall(host, name, args, n) {
  invoked += 500 + n;
  const signal = new AbortController().signal;
  for (let i = 0; i < 500; i++) await host.invoke(name, args, { signal, listedOnly: true });
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await host.invoke(name, args, { signal, listedOnly: true });
  return ((performance.now() - t0) * 1000) / n;
}

export async function contractCost() {
  const compiles = countCompiles();
  const host = createToolHost(profile, [tool, bare], [], readContractSettings({}), silentLogger);
  const atStartup = compiles.n;
  const valid = await perCall(
    host,
    'get_orders',
    { marketplaceIds: ['ATVPDKIKX0DER'], createdAfter: '2026-03-01T00:00:00Z', orderStatuses: ['Shipped'] },
    20_000,
  );
  const renamed = await perCall(
    host,
    'get_orders',
    { MarketplaceIds: 'ATVPDKIKX0DER', maxResults: 10 },
    10_000,
  );
  const invalid = await perCall(
    host,
    'get_orders',
    { marketplaceIds: ['bad id'], orderStatus: ['Shiped'], maxResults: '10' },
    5_000,
  );
  const empty = await perCall(host, 'bare', {}, 20_000);
  return { atStartup, afterCalls: compiles.n - atStartup, calls: invoked, valid, renamed, invalid, empty };
}
