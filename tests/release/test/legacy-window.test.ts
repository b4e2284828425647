// The legacy_error_kind migration window: envelopes carry the old kind in release N; the release check fails after.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEnvelope } from '@obmcp/contract/envelope';
import {
  RECLASSIFICATIONS,
  type Reclassification,
  staleReclassifications,
  useReclassifications,
} from '@obmcp/contract';
import { validateEnvelope } from '@obmcp/contract/envelope';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CHECK_SCRIPT, REPO_ROOT } from '../src/paths.js';
import { runNode } from '@obmcp/test-kit';

const CURRENT = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'packages/contract/package.json'), 'utf8')) as { version: string }
).version;
const fresh: Reclassification = { code: 'X', from: 'old_kind', to: 'auth_error', introducedIn: CURRENT };
const old: Reclassification = { ...fresh, introducedIn: '0.0.1' };
const tmp = mkdtempSync(join(tmpdir(), 'obmcp-window-'));
let restore: (() => void) | undefined;

afterEach(() => restore?.());
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function envelope(code: string) {
  return buildEnvelope({
    kind: 'auth_error',
    tool: 'get_orders',
    code,
    summary: 'Credentials were rejected.',
    retryable: false,
  });
}

function checkWindow(table: readonly Reclassification[]) {
  const file = join(tmp, `table-${table.map((t) => t.introducedIn).join('-') || 'empty'}.json`);
  writeFileSync(file, JSON.stringify(table));
  return runNode(CHECK_SCRIPT, ['--only=window'], {
    cwd: REPO_ROOT,
    env: { OBMCP_RECLASSIFICATIONS_FILE: file, OBMCP_RELEASE_VERSION: CURRENT },
  });
}

describe('legacy_error_kind window', () => {
  it('in the release that introduces a move, envelopes of that kind/code carry legacy_error_kind', () => {
    restore = useReclassifications([fresh]);
    const env = envelope('X');
    expect(env.error_kind).toBe('auth_error');
    expect(env.legacy_error_kind).toBe('old_kind');
    expect(validateEnvelope(env).valid).toBe(true);
    expect(envelope('OTHER_CODE').legacy_error_kind).toBeUndefined();
    expect(staleReclassifications(CURRENT)).toEqual([]);
  });

  it('an entry from an older release is reported stale', () => {
    restore = useReclassifications([fresh, old]);
    expect(staleReclassifications(CURRENT)).toEqual([old]);
  });

  it('the shipped table is inside its window', () => {
    expect(staleReclassifications(CURRENT)).toEqual([]);
    expect(RECLASSIFICATIONS.every((r) => r.introducedIn === CURRENT)).toBe(true);
  });

  it('release:check (window step) exits non-zero on a stale entry and zero inside the window', async () => {
    const stale = await checkWindow([old]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('introduced in 0.0.1');
    expect(stale.stderr).toContain('release:check failed at step "window"');
    const ok = await checkWindow([fresh]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
  });
});
