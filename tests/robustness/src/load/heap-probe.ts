// Preload for memory runs (with --expose-gc): on SIGUSR2, a full GC, then the live heap size on stderr.
import { HEAP_PROBE_MARKER as MARKER } from './heap-probe-marker.js';

process.on('SIGUSR2', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  process.stderr.write(
    `${JSON.stringify({ [MARKER]: process.memoryUsage().heapUsed, gc: gc !== undefined })}\n`,
  );
});
// Before this line SIGUSR2 would still kill the process (its default action).
process.stderr.write(`${JSON.stringify({ [MARKER]: 'ready' })}\n`);
