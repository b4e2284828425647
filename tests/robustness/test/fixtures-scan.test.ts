// No credential (canary, mock dummy secret, issued mock token or JWT) in any committed fixture file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@obmcp/test-kit';
import { expect, it } from 'vitest';
import { findCanaries } from '../src/canaries.js';

/** The dummy credentials the mocks preload sets: fixtures are captured under them. */
const DUMMY_SECRETS = [
  'mock-sp-client-secret',
  'mock-sp-refresh-token',
  'mock-ads-client-secret-not-real',
  'Atzr|mock-ads-refresh-token-not-real',
  'MOCK-NOT-A-REAL-OPENBRIDGE-SECRET',
];
const ROOTS = [
  'tests/conformance/fixtures',
  'tests/conformance/test/fixtures',
  'tests/robustness/test',
  'bench',
];

function* files(dir: string): Generator<string> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

it('fixtures and captured outputs hold no credential', () => {
  const hits: string[] = [];
  let scanned = 0;
  for (const root of ROOTS) {
    for (const path of files(join(REPO_ROOT, root))) {
      if (path.endsWith('.ts')) continue; // test sources name the canaries on purpose
      scanned += 1;
      const text = readFileSync(path, 'utf8');
      for (const hit of findCanaries(text)) hits.push(`${path}: ${hit}`);
      for (const secret of DUMMY_SECRETS)
        if (text.includes(secret)) hits.push(`${path}: dummy secret ${secret}`);
    }
  }
  expect(scanned).toBeGreaterThan(5);
  expect(hits).toEqual([]);
});
