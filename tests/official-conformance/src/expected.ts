// expected-failures.yml: per spec version, for every server (`all`), the apps (`apps`) or one: `<scenario>[:<check-id>]: <reason>`.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export const SPEC_VERSIONS = ['2026-07-28', '2025-11-25'] as const;
export type SpecVersion = (typeof SPEC_VERSIONS)[number];

export interface Entry {
  scenario: string;
  /** Only this check may fail; the scenario's other checks stay enforced. */
  checkId?: string;
  reason: string;
  /** `all`, `apps` (every server but the contract example) or a target name. */
  scope: string;
}

/** The server that carries the suite's fixtures (src/example/conformance-server.ts); `apps` are the others. */
export const EXAMPLE_TARGET = 'contract-example';

/** Whether a line's scope covers a target. */
export function covers(scope: string, target: string): boolean {
  return scope === 'all' || scope === target || (scope === 'apps' && target !== EXAMPLE_TARGET);
}

export type ExpectedFailures = Record<SpecVersion, Entry[]>;

/** `scenario` or `scenario:check-id` (scenario names never hold a colon). */
export function parseKey(key: string): { scenario: string; checkId?: string } {
  const sep = key.indexOf(':');
  if (sep < 0) return { scenario: key };
  return { scenario: key.slice(0, sep), checkId: key.slice(sep + 1) };
}

/** Parses and checks the file: known versions only, a non-empty reason on every line, no redundant check entry. */
export function parseExpected(text: string, targets: readonly string[]): ExpectedFailures {
  const doc = (parse(text) ?? {}) as Record<string, unknown>;
  const out = { '2026-07-28': [], '2025-11-25': [] } as ExpectedFailures;
  for (const [version, scopes] of Object.entries(doc)) {
    if (!(SPEC_VERSIONS as readonly string[]).includes(version)) {
      throw new Error(`expected-failures: unknown spec version ${version}`);
    }
    for (const [scope, lines] of Object.entries((scopes ?? {}) as Record<string, unknown>)) {
      if (scope !== 'all' && scope !== 'apps' && !targets.includes(scope)) {
        throw new Error(`expected-failures: ${version} names unknown server ${scope}`);
      }
      for (const [key, reason] of Object.entries((lines ?? {}) as Record<string, unknown>)) {
        if (typeof reason !== 'string' || reason.trim() === '') {
          throw new Error(`expected-failures: ${version} ${scope} ${key} has no reason`);
        }
        out[version as SpecVersion].push({ ...parseKey(key), reason, scope });
      }
    }
  }
  return out;
}

export function loadExpected(file: string, targets: readonly string[]): ExpectedFailures {
  return parseExpected(readFileSync(file, 'utf8'), targets);
}

/** The entries that apply to one target. */
export function entriesFor(entries: Entry[], target: string): Entry[] {
  const own = entries.filter((e) => covers(e.scope, target));
  const whole = new Set(own.filter((e) => e.checkId === undefined).map((e) => e.scenario));
  const redundant = own.find((e) => e.checkId !== undefined && whole.has(e.scenario));
  if (redundant) {
    throw new Error(
      `expected-failures: ${redundant.scenario}:${redundant.checkId} is redundant with a whole-scenario entry for ${target}`,
    );
  }
  return own;
}
