// Where the sandbox worker's script is found: beside the module when built, the built file when run from source.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sandboxWorkerUrl } from '../src/worker/worker-entry.js';

describe('sandboxWorkerUrl', () => {
  it('from the TypeScript source, the built dist/worker/sandbox-worker.js (a worker cannot start a .ts file)', () => {
    const url = sandboxWorkerUrl();
    expect(url.href).toBe(new URL('../dist/worker/sandbox-worker.js', import.meta.url).href);
    expect(existsSync(fileURLToPath(url))).toBe(true);
  });
});
