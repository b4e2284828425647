// Where the sandbox worker's script lives: beside this module in the built package (dist/worker/).
import { existsSync } from 'node:fs';

/**
 * Resolved from this module's own URL, so it works from an installed package. When this module is
 * run from TypeScript source (vitest), the worker still runs the built file: Node cannot start a
 * .ts worker, and the package's test task builds first. The sandbox's own logic (runScript: limits,
 * logs, marshalling) is therefore tested on the calling thread as well (test/same-thread.ts), where
 * coverage and mutation testing see the source.
 */
export function sandboxWorkerUrl(moduleUrl: string = import.meta.url): URL {
  const beside = new URL('./sandbox-worker.js', moduleUrl);
  if (!moduleUrl.endsWith('.ts') || existsSync(beside)) return beside;
  return new URL('../../dist/worker/sandbox-worker.js', moduleUrl);
}
