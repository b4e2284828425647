// `--measure`: today's failures as an expected-failures.yml skeleton (reasons to fill in), common ones under `all`.
import { SPEC_VERSIONS, type SpecVersion } from './expected.js';
import { collapse, isFailed, type ScenarioResult } from './results.js';

interface Measured {
  target: string;
  versions: { version: SpecVersion; results: ScenarioResult[] }[];
}

/** Failed scenarios; `scenario:check` where a scenario also has passing checks, so the entry stays narrow. */
function failureKeys(results: ScenarioResult[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const r of results) {
    const checks = collapse(r.checks);
    const failed = checks.filter(isFailed);
    if (failed.length === 0) continue;
    keys.set(
      r.scenario,
      failed.map((c) => `${c.id}: ${(c.errorMessage ?? c.status).slice(0, 100)}`).join(' | '),
    );
  }
  return keys;
}

export function measuredYaml(measured: Measured[]): string {
  const out: string[] = [];
  for (const version of SPEC_VERSIONS) {
    out.push(`'${version}':`);
    const perTarget = measured.map((m) => ({
      target: m.target,
      keys: failureKeys(m.versions.find((v) => v.version === version)?.results ?? []),
    }));
    const common = [...(perTarget[0]?.keys.keys() ?? [])].filter((k) =>
      perTarget.every((p) => p.keys.has(k)),
    );
    out.push('  all:');
    for (const k of common) out.push(`    ${k}: TODO # ${perTarget[0]?.keys.get(k)}`);
    for (const p of perTarget) {
      const own = [...p.keys.keys()].filter((k) => !common.includes(k));
      if (own.length === 0) continue;
      out.push(`  ${p.target}:`);
      for (const k of own) out.push(`    ${k}: TODO # ${p.keys.get(k)}`);
    }
  }
  return out.join('\n');
}
