// Preload for memory runs (with --expose-gc): on SIGUSR2, a full GC, then the live heap size on stderr.
const MARKER = 'obmcp-heap-probe';

process.on('SIGUSR2', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  process.stderr.write(
    `${JSON.stringify({ [MARKER]: process.memoryUsage().heapUsed, gc: gc !== undefined })}\n`,
  );
});

export { MARKER as HEAP_PROBE_MARKER };
