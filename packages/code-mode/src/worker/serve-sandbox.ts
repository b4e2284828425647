// The sandbox worker's loop: runs one execute script at a time; call_tool and logs go through the port.
import type { MessagePort } from 'node:worker_threads';
import type { Logger } from '@obmcp/contract';
import type { ResolvedLimits } from '../options.js';
import { hostFaultLimitation } from '../sandbox/host-fault.js';
import { ModulePool } from '../sandbox/module-pool.js';
import { runScript } from '../sandbox/run-script.js';
import { portLogger } from './port-logger.js';
import { PortToolCaller } from './port-tool-caller.js';
import { decodeMessage, encodeMessage, type FromWorker, type ToWorker } from './protocol.js';

/**
 * Serves the main thread's `run` messages on `port` (a worker's parentPort in production; one end of a
 * MessageChannel on the calling thread in tests, where coverage and Stryker see this code).
 */
export function serveSandbox(port: MessagePort, limits: ResolvedLimits): void {
  const log = portLogger(port, { component: 'code-mode-worker' });
  const host = new PortToolCaller(port);
  const pool = enginePool(limits, log);
  const post = (message: FromWorker) => port.postMessage(encodeMessage(message));

  port.on('message', (text: unknown) => {
    const message = decodeMessage<ToWorker>(text);
    if (message.type !== 'run') return host.settle(message);
    const onStart = () => post({ type: 'started' });
    const request = { code: message.code, timeoutMs: message.timeoutMs, host, log, onStart };
    void runScript(pool, limits, request).then(
      ({ outcome, poisoned }) => post({ type: 'done', outcome, poisoned }),
      (error: unknown) => {
        // The engine could not even start (module load failed): a sandbox fault, and a fresh worker next time.
        log.warn('code mode sandbox fault', { error });
        const limitation = hostFaultLimitation(error);
        post({
          type: 'done',
          outcome: { status: 'limitation', limitation, logs: [], calls: 0 },
          poisoned: true,
        });
      },
    );
  });
}

/** The worker's engines: emscripten's own output (e.g. `Aborted(...)` from a failed assertion) is a JSON log line. */
export function enginePool(limits: ResolvedLimits, log: Logger): ModulePool {
  return new ModulePool(limits.memoryLimitBytes, (stream, text) =>
    log.warn('code mode engine output', { stream, text }),
  );
}
