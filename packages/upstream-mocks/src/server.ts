// One msw server for a process: spec gates, hand-written handlers, spec catch-alls; unhandled = error.
import type { RequestHandler } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';
import {
  handlers as adsHandlers,
  catchAllHandlers as adsCatchAll,
  gateHandlers as adsGate,
} from './ads/index.js';
import { handlers as lwaHandlers } from './lwa/index.js';
import { handlers as openbridgeHandlers } from './openbridge/index.js';
import { routeByHost } from './route-by-host.js';
import {
  catchAllHandlers as spCatchAll,
  gateHandlers as spGate,
  handlers as spHandlers,
} from './sp/index.js';

/**
 * Order matters: the spec gates reject what the official specs reject before any hand-written
 * handler runs; the catch-alls answer every operation no hand-written handler took.
 */
export const allHandlers: RequestHandler[] = [
  ...lwaHandlers,
  ...spGate,
  ...adsGate,
  ...spHandlers,
  ...adsHandlers,
  ...openbridgeHandlers,
  ...spCatchAll,
  ...adsCatchAll,
];

export function startMockServer(extra: RequestHandler[] = []): SetupServer {
  const server = setupServer(...extra, ...routeByHost(allHandlers));
  server.listen({ onUnhandledRequest: 'error' });
  return server;
}
