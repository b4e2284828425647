// An app object (its package's `app`) served --hosted in this process: its config (OBMCP_HOSTED=1), stores from env (Redis with OBMCP_REDIS_URL), its server, its gate, the contract's HTTP server.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '@obmcp/contract';
import type { CreateServerOptions, ObmcpApp } from '@obmcp/http-kit';
import { HTTP_DEFAULTS, startHttpServer } from '@obmcp/mcp-server/http';
import { createLogger } from '@obmcp/mcp-server/server';
import { freePort } from '@obmcp/test-kit';
import { dummyCredentialEnv } from '@obmcp/upstream-mocks';

const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');

export interface HostedApp {
  /** The port this replica listens on. */
  port: number;
  origin: string;
  resource: string;
  logs(): string;
  close(): Promise<void>;
}

type Loose = Record<string, unknown>;
/** A store a bin creates at start, closed when the replica stops. */
type Store<T> = NonNullable<T> & { close(): Promise<void> };

/** `app` is the app object (`import { app } from '@obmcp/sp-mcp'`); it must have a hosted gate. */
export async function startHostedApp(
  app: ObmcpApp,
  appEnv: Record<string, string>,
  /** A replica behind a shared origin: tokens are issued for (and checked against) `<publicOrigin>/mcp`. */
  publicOrigin?: string,
): Promise<HostedApp> {
  const { hostedGate } = app;
  if (hostedGate === undefined) throw new Error(`${app.name} has no hosted gate`);
  // The stores a bin creates at start (runServerCli): the limiter's buckets and the task records, in Redis
  // when OBMCP_REDIS_URL is set, so replicas share each user's budget and tasks as deployed replicas do.
  const kit = join(REPO_ROOT, 'packages', 'http-kit', 'dist');
  const { limiterStoreFromEnv } = (await import(
    pathToFileURL(join(kit, 'limiter-store-from-env.js')).href
  )) as { limiterStoreFromEnv: (env: Loose, logger: Logger) => Store<CreateServerOptions['limiterStore']> };
  const { taskRecordsFromEnv } = (await import(
    pathToFileURL(join(kit, 'tasks', 'task-records-from-env.js')).href
  )) as { taskRecordsFromEnv: (env: Loose, logger: Logger) => Store<CreateServerOptions['taskRecords']> };
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...dummyCredentialEnv(),
    OBMCP_MOCK: '1',
    OBMCP_HOSTED: '1',
    OBMCP_HOSTED_PUBLIC_URL: publicOrigin ?? origin,
    ...appEnv,
  };
  let logs = '';
  const config = app.loadConfig(env);
  const logger: Logger = createLogger({ name: app.name, level: 'info', write: (line) => (logs += line) });
  const limiterStore = limiterStoreFromEnv(env, logger);
  const taskRecords = taskRecordsFromEnv(env, logger);
  const contract = app.createServer(config, {
    logger,
    env,
    limiterStore,
    taskRecords,
  });
  const gate = await hostedGate(config, env, logger);
  const handle = await startHttpServer(
    contract.newServer,
    {
      ...HTTP_DEFAULTS,
      port,
      host: '127.0.0.1',
      hostedMode: true,
      gate,
      // Behind a balancer the Host header is the balancer's (OBMCP_HTTP_ALLOWED_HOSTS in a deployment).
      ...(publicOrigin === undefined ? {} : { allowedHosts: [new URL(publicOrigin).host] }),
    },
    logger,
  );
  return {
    port,
    origin: publicOrigin ?? origin,
    resource: `${publicOrigin ?? origin}/mcp`,
    logs: () => logs,
    close: async () => {
      await Promise.all([handle.close('test done'), contract.tasks.drain('test done', 2_000)]);
      await taskRecords.close();
      await limiterStore.close();
    },
  };
}
