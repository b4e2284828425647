// `pnpm demo`: builds if needed, plays an agent session on all three servers against the mocks, prints tables.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfNeeded } from './demo/build-if-needed.mjs';
import { SESSIONS } from './demo/scenarios.mjs';
import { playSession } from './demo/session.mjs';
import { renderSession } from './demo/table.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
buildIfNeeded(root);
const kit = await import(pathToFileURL(join(root, 'packages/test-kit/dist/index.js')).href);
const tmp = mkdtempSync(join(tmpdir(), 'obmcp-demo-'));

console.log('obmcp demo — three MCP servers over stdio, upstreams mocked, one error envelope');
let failed = false;
try {
  const outcomes = await Promise.allSettled(SESSIONS.map((s) => playSession(kit, s, tmp)));
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'fulfilled') {
      console.log(renderSession(outcome.value));
      const report = outcome.value;
      if (report.success.envelope || report.rows.some((r) => r.envelope?.error_kind !== r.expect))
        failed = true;
    } else {
      failed = true;
      console.log(`\n■ ${SESSIONS[i].app}\n  session failed: ${outcome.reason?.message ?? outcome.reason}`);
    }
  });
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(
  `\n${failed ? 'demo finished with unexpected results' : 'demo ok'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failed ? 1 : 0);
