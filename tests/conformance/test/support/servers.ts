// Starts an app in process against the mocks with extra env, bounded by one semaphore and the mocks' switch gate.
import { type AppName, startInProcess, type TestServer } from '@obmcp/test-kit';
import { PROFILES } from './apps.js';
import { Semaphore } from './semaphore.js';
import { SwitchGate } from './switch-gate.js';

/** Every server lists the contract's test hooks (mock mode only): the suite must cope with them everywhere. */
const TEST_HOOKS = { OBMCP_TEST_HOOKS: '1' };

/** 2 cores: a few servers at a time keeps startup CPU from starving the running ones. */
const PROCESSES = new Semaphore(Number(process.env.OBMCP_CONFORMANCE_PROCESSES ?? 3));
const SWITCHES = new SwitchGate();

const DEBUG = process.env.OBMCP_CONFORMANCE_DEBUG === '1';

export async function withServer<T>(
  app: AppName,
  env: Record<string, string>,
  work: (server: TestServer) => Promise<T>,
): Promise<T> {
  return SWITCHES.use(env, () => PROCESSES.use(() => run(app, env, work)));
}

async function run<T>(
  app: AppName,
  env: Record<string, string>,
  work: (server: TestServer) => Promise<T>,
): Promise<T> {
  const started = Date.now();
  let server: TestServer;
  try {
    server = await startInProcess({ app, env: { ...TEST_HOOKS, ...PROFILES[app].env, ...env } });
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
}
