// The key of the heap probe's stderr lines, shared by the probe (in the server) and its reader (in the test).
export const HEAP_PROBE_MARKER = 'obmcp-heap-probe';
