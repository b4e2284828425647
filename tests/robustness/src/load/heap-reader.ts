// Asks a server spawned with the heap probe for its live heap after a full GC (MiB).
import { fileURLToPath } from 'node:url';
import type { RawServer } from '../raw-stdio.js';

const MARKER = 'obmcp-heap-probe';

/** The built probe (from src/load under vitest or dist/load alike: both sit two levels below the package). */
const PROBE = fileURLToPath(new URL('../../dist/load/heap-probe.js', import.meta.url));

/** Node flags that load the probe: the memory run passes them to spawnApp. */
export const HEAP_PROBE_ARGS = ['--expose-gc', '--import', PROBE];

export async function liveHeapMiB(server: RawServer, timeoutMs = 5_000): Promise<number> {
  const seen = server.stderrLines.length;
  process.kill(server.pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const line of server.stderrLines.slice(seen)) {
      if (!line.includes(MARKER)) continue;
      const parsed = JSON.parse(line) as Record<string, unknown>;
      if (parsed.gc !== true) throw new Error('heap probe ran without --expose-gc');
      return Number(parsed[MARKER]) / (1024 * 1024);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no heap probe answer within ${timeoutMs} ms`);
}
