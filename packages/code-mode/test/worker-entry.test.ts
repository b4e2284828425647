// Where the sandbox worker's script is found: beside the module when built, the built file when run from source.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sandboxWorkerUrl } from '../src/worker/worker-entry.js';

describe('sandboxWorkerUrl', () => {
  it('from the TypeScript source, the built dist/worker/sandbox-worker.js (a worker cannot start a .ts file)', () => {
    const url = sandboxWorkerUrl();
    expect(url.href).toBe(new URL('../dist/worker/sandbox-worker.js', import.meta.url).href);
    expect(existsSync(fileURLToPath(url))).toBe(true);
  });

  it('from a built module, the file beside it, whether or not it exists yet', () => {
    expect(sandboxWorkerUrl('file:///pkg/dist/worker/worker-entry.js').href).toBe(
      'file:///pkg/dist/worker/sandbox-worker.js',
    );
    // Bundled elsewhere than dist/worker: still beside it, never a dist folder two levels up.
    expect(sandboxWorkerUrl('file:///app/lib/worker-entry.js').href).toBe(
      'file:///app/lib/sandbox-worker.js',
    );
  });

  it('from a .ts module with a built worker beside it, that one; else the package’s dist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'worker-entry-'));
    mkdirSync(join(dir, 'src', 'worker'), { recursive: true });
    const moduleUrl = pathToFileURL(join(dir, 'src', 'worker', 'worker-entry.ts')).href;
    expect(sandboxWorkerUrl(moduleUrl).href).toBe(
      pathToFileURL(join(dir, 'dist', 'worker', 'sandbox-worker.js')).href,
    );
    writeFileSync(join(dir, 'src', 'worker', 'sandbox-worker.js'), '');
    expect(sandboxWorkerUrl(moduleUrl).href).toBe(
      pathToFileURL(join(dir, 'src', 'worker', 'sandbox-worker.js')).href,
    );
  });
});
