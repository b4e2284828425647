// The heap probe sees retained memory (so the memory tests (memory.*.test.ts) would catch a leak) and needs --expose-gc.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEAP_PROBE_ARGS, liveHeapMiB } from '../src/load/heap-reader.js';
import { RawServer } from '../src/raw-stdio.js';

// A stand-in "server": each stdin line retains 8 MiB more (a leak); garbage is dropped on the way.
const LEAKY = join(tmpdir(), `obmcp-leaky-${process.pid}.mjs`);
writeFileSync(
  LEAKY,
  `const kept = []; let garbage = [];
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => { for (const _ of chunk.split('\\n').filter(Boolean)) { kept.push(new Array(1024 * 1024).fill(kept.length)); garbage = new Array(1024 * 1024).fill(0); garbage = null; process.stderr.write('grown ' + kept.length + '\\n'); } });
process.stdin.on('end', () => process.exit(0));`,
);

function spawnLeaky(args: string[]): RawServer {
  return new RawServer({ command: process.execPath, args: [...args, LEAKY], env: {}, cwd: tmpdir() });
}

describe('live heap probe', () => {
  afterAll(() => rmSync(LEAKY, { force: true }));

  it('reports memory that stays retained, not garbage', async () => {
    const server = spawnLeaky(HEAP_PROBE_ARGS);
    try {
      const before = await liveHeapMiB(server);
      server.sendText('grow');
      server.sendText('grow');
      while (!server.stderrLines.includes('grown 2')) await new Promise((r) => setTimeout(r, 20));
      const after = await liveHeapMiB(server);
      expect(after - before).toBeGreaterThan(12);
      expect(after - before).toBeLessThan(24);
    } finally {
      await server.close();
    }
  });

  it('refuses to report without --expose-gc', async () => {
    const server = spawnLeaky(HEAP_PROBE_ARGS.filter((a) => a !== '--expose-gc'));
    try {
      await expect(liveHeapMiB(server)).rejects.toThrow(/expose-gc/);
    } finally {
      await server.close();
    }
  });
});
