// Asks a server spawned with the heap probe for its live heap after a full GC (MiB).
import { fileURLToPath } from 'node:url';
import type { RawServer } from '../raw-stdio.js';
import { HEAP_PROBE_MARKER as MARKER } from './heap-probe-marker.js';

/** The built probe (from src/load under vitest or dist/load alike: both sit two levels below the package). */
const PROBE = fileURLToPath(new URL('../../dist/load/heap-probe.js', import.meta.url));

/** Node flags that load the probe: the memory run passes them to spawnApp. */
export const HEAP_PROBE_ARGS = ['--expose-gc', '--import', PROBE];

type ProbeLine = Record<string, unknown>;

async function probeLine(
  server: RawServer,
  from: number,
  accept: (line: ProbeLine) => boolean,
  timeoutMs: number,
  what: string,
): Promise<ProbeLine> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const line of server.stderrLines.slice(from)) {
      if (!line.includes(MARKER)) continue;
      const parsed = JSON.parse(line) as ProbeLine;
      if (accept(parsed)) return parsed;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no heap probe ${what} within ${timeoutMs} ms`);
}

/** Resolves once the probe's SIGUSR2 handler is installed (until then the signal would kill the process). */
export async function probeReady(server: RawServer, timeoutMs = 30_000): Promise<void> {
  await probeLine(server, 0, (l) => l[MARKER] === 'ready', timeoutMs, 'ready line');
}

export async function liveHeapMiB(server: RawServer, timeoutMs = 10_000): Promise<number> {
  await probeReady(server);
  const seen = server.stderrLines.length;
  process.kill(server.pid, 'SIGUSR2');
  const line = await probeLine(server, seen, (l) => typeof l[MARKER] === 'number', timeoutMs, 'answer');
  if (line.gc !== true) throw new Error('heap probe ran without --expose-gc');
  return Number(line[MARKER]) / (1024 * 1024);
}
