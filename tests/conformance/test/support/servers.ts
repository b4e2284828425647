// Starts an app in this process (test-kit startInProcess) against the mocks with extra env; a server that sets
// mock switches (a fault file, …) runs alone, since every in-process server shares the mocks.
import { type AppName, type InProcessServer, startInProcess } from '@obmcp/test-kit';
import { isMockSwitch } from '@obmcp/upstream-mocks';
import { PROFILES } from './apps.js';
import { Semaphore } from './semaphore.js';
import { SwitchGate } from './switch-gate.js';
import { appObject } from './app-objects.js';

/** Every server lists the contract's test hooks (mock mode only): the suite must cope with them everywhere. */
const TEST_HOOKS = { OBMCP_TEST_HOOKS: '1' };

/** A few servers at a time: their calls share one thread, and each validator compiles on first use. */
const SERVERS = new Semaphore(Number(process.env.OBMCP_CONFORMANCE_PROCESSES ?? 3));
const GATE = new SwitchGate();

const DEBUG = process.env.OBMCP_CONFORMANCE_DEBUG === '1';

export async function withServer<T>(
  app: AppName,
  env: Record<string, string>,
  work: (server: InProcessServer) => Promise<T>,
): Promise<T> {
  const alone = Object.keys(env).some(isMockSwitch);
  return GATE.use(alone, () =>
    SERVERS.use(async () => {
      const started = Date.now();
      let server: InProcessServer;
      try {
        server = await startInProcess({
          app: await appObject(app),
          env: { ...TEST_HOOKS, ...PROFILES[app].env, ...env },
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
    }),
  );
}
