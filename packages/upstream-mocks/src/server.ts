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

/** The servers startMockServer started that still listen (closing one removes it). */
const listening = new Set<SetupServer>();

export function startMockServer(extra: RequestHandler[] = []): SetupServer {
  const server = setupServer(...extra, ...routeByHost(allHandlers));
  server.listen({ onUnhandledRequest: 'error' });
  listening.add(server);
  const close = server.close.bind(server);
  server.close = () => {
    listening.delete(server);
    close();
  };
  return server;
}

/** Whether `server` (from startMockServer) still listens. */
export function isMockServerListening(server: SetupServer): boolean {
  return listening.has(server);
}

/**
 * Closes every server startMockServer started that still listens: a test runner that keeps modules
 * between test files (vitest `isolate: false`) calls it after each file, so no file's msw server (with
 * its extra handlers and event listeners) answers the next file's requests.
 */
export function closeMockServers(): void {
  for (const server of [...listening]) server.close();
}
