// Starts an app against the mocks with extra env, bounded by one global process semaphore.
import { type AppName, type RunningServer, startServer } from '@obmcp/test-kit';
import { PROFILES } from './apps.js';
import { Semaphore } from './semaphore.js';

/** Every server lists the contract's test hooks (mock mode only): the suite must cope with them everywhere. */
const TEST_HOOKS = { OBMCP_TEST_HOOKS: '1' };

/** 2 cores: a few servers at a time keeps startup CPU from starving the running ones. */
const PROCESSES = new Semaphore(Number(process.env.OBMCP_CONFORMANCE_PROCESSES ?? 3));

const DEBUG = process.env.OBMCP_CONFORMANCE_DEBUG === '1';

export async function withServer<T>(
  app: AppName,
  env: Record<string, string>,
  work: (server: RunningServer) => Promise<T>,
): Promise<T> {
  return PROCESSES.use(async () => {
    const started = Date.now();
    let server: RunningServer;
    try {
      server = await startServer({
        app,
        env: { ...TEST_HOOKS, ...PROFILES[app].env, ...env },
        timeoutMs: 120_000,
      });
    } catch (error) {
      throw new Error(
        `${app} ${JSON.stringify(env)}: did not start: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    try {
      return await work(server);
    } catch (error) {
      const tail = server.stderr().slice(-1500);
      throw new Error(
        `${app} ${JSON.stringify(env)}: ${error instanceof Error ? error.message : String(error)}\nstderr tail:\n${tail}`,
      );
    } finally {
      await server.close();
      if (DEBUG) console.error(`[conformance] ${app} ${JSON.stringify(env)}: ${Date.now() - started} ms`);
    }
  });
}
