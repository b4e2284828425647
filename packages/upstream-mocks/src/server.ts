// One msw server for a process: every upstream handler, unhandled requests are errors.
import type { RequestHandler } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';
import { handlers as adsHandlers } from './ads/index.js';
import { handlers as lwaHandlers } from './lwa/index.js';
import { handlers as openbridgeHandlers } from './openbridge/index.js';
import { handlers as spHandlers } from './sp/index.js';

export const allHandlers: RequestHandler[] = [
  ...lwaHandlers,
  ...spHandlers,
  ...adsHandlers,
  ...openbridgeHandlers,
];

export function startMockServer(extra: RequestHandler[] = []): SetupServer {
  const server = setupServer(...extra, ...allHandlers);
  server.listen({ onUnhandledRequest: 'error' });
  return server;
}
