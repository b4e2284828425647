// Golden fixtures: one normalized envelope per error class per app, compared with (or written to) fixtures/<app>/.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Envelope } from '@obmcp/contract';
import { normalizeVolatile } from '../../src/index.js';

export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/', import.meta.url));
export const UPDATE_FIXTURES = process.env.OBMCP_UPDATE_FIXTURES === '1';

export interface Capture {
  /** File stem: the error_code (one envelope per error class). */
  name: string;
  scenario: string;
  tool: string;
  envelope: Envelope;
  keepRetryAfter: boolean;
}

export function fixtureText(app: string, c: Capture): string {
  const body = {
    _fixture_meta: {
      server: app,
      error_class: c.name,
      scenario: c.scenario,
      tool: c.tool,
      captured_by: '@obmcp/conformance (live output, volatile values normalized)',
    },
    envelope: normalizeVolatile(c.envelope, { keepRetryAfter: c.keepRetryAfter }),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

export interface GoldenResult {
  written: string[];
  drifted: string[];
  missing: string[];
  stale: string[];
}

/** Compares (or, with OBMCP_UPDATE_FIXTURES=1, rewrites) the app's fixtures. Missing files are written outside CI. */
export function syncGolden(app: string, captures: readonly Capture[], writeMissing: boolean): GoldenResult {
  const dir = `${FIXTURES_DIR}${app}/`;
  const result: GoldenResult = { written: [], drifted: [], missing: [], stale: [] };
  const expected = new Map(captures.map((c) => [`${c.name}.json`, fixtureText(app, c)]));
  if (UPDATE_FIXTURES || writeMissing) mkdirSync(dir, { recursive: true });
  for (const [file, text] of expected) {
    const path = `${dir}${file}`;
    const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    if (current === text) continue;
    if (UPDATE_FIXTURES || (current === undefined && writeMissing)) {
      writeFileSync(path, text);
      result.written.push(file);
    } else if (current === undefined) result.missing.push(file);
    else result.drifted.push(file);
  }
  const onDisk = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  for (const file of onDisk.filter((f) => !expected.has(f))) {
    if (UPDATE_FIXTURES) rmSync(`${dir}${file}`);
    else result.stale.push(file);
  }
  return result;
}
