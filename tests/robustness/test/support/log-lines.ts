// Assertions on a server's raw streams: stdout is only JSON-RPC, stderr only structured JSON log lines.
import { expect } from 'vitest';
import type { RawServer } from '../../src/raw-stdio.js';

export function expectCleanStreams(server: RawServer): void {
  expect(server.foreignLines, 'stdout lines that are not JSON-RPC 2.0').toEqual([]);
  for (const line of server.stdoutLines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  const unstructured = server.stderrLines.filter((line) => {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      return typeof entry.level !== 'string' || typeof entry.msg !== 'string' || typeof entry.ts !== 'string';
    } catch {
      return true;
    }
  });
  expect(unstructured, 'stderr lines that are not structured JSON logs').toEqual([]);
}
