// One packer at a time per package folder: pack.mjs writes npm-shrinkwrap.json into the app's folder for `pnpm pack`.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A lock older than this is a crashed packer's: taken over (a pack of one app takes seconds). */
const STALE_MS = 10 * 60 * 1000;
const POLL_MS = 100;
const pause = new Int32Array(new SharedArrayBuffer(4));

/** The lock's path for one package folder: in the temp dir, so no packer ever sees it in the package. */
export function lockPathFor(folder) {
  return join(tmpdir(), `obmcp-pack-${createHash('sha256').update(folder).digest('hex').slice(0, 16)}.lock`);
}

/**
 * Runs `fn` while holding the folder's lock (an atomic mkdir), waiting for another process's pack to end first.
 * Two packs of one app at once (the release tests pack in parallel) otherwise share one shrinkwrap file: the first to
 * finish removed it while the second was packing, whose tarball then lacked it.
 */
export function withPackLock(folder, fn) {
  const lock = lockPathFor(folder);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error?.code !== 'EEXIST') throw error;
      let age = 0;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // released between our mkdir and stat: try again at once
      }
      if (age > STALE_MS) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, POLL_MS);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
