// Derived views over an AppRun: kinds seen, golden captures, parity samples.
import type { Envelope } from '@obmcp/contract';
import { metaOf, type Observation, TEST_HOOK_CHECK } from '../../src/index.js';
import { PROFILES } from './apps.js';
import type { AppRun } from './app-run.js';
import { fixedRetryAfter } from './fault-expectations.js';
import type { Capture } from './golden.js';

const envelopesOf = (observations: readonly Observation[]) =>
  observations.flatMap((o) => (o.outcome.type === 'envelope' ? [{ o, envelope: o.outcome.envelope }] : []));

export function kindsSeen(run: AppRun): Set<string> {
  const kinds = new Set<string>();
  for (const r of [run.main.value, run.metaLoose.value, run.normalizationOff.value]) {
    for (const { envelope } of envelopesOf(r?.observations ?? [])) kinds.add(envelope.error_kind);
  }
  for (const s of run.faults)
    for (const c of s.value?.calls ?? [])
      if (c.outcome.type === 'envelope') kinds.add(c.outcome.envelope.error_kind);
  const cm = run.codeMode.value;
  if (cm?.available && cm.outcome.type === 'envelope') kinds.add(cm.outcome.envelope.error_kind);
  return kinds;
}

/** First envelope per error_code, in a deterministic order: validation cases, test hook, fault scenarios, Code Mode. */
export function captures(run: AppRun): Capture[] {
  const byCode = new Map<string, Capture>();
  const add = (c: Capture) => {
    if (!byCode.has(c.name)) byCode.set(c.name, c);
  };
  // From the library run only the validator's classes: upstream-shaped ones there depend on limiter timing.
  for (const { o, envelope } of envelopesOf(run.main.value?.observations ?? [])) {
    if (envelope.error_kind !== 'mcp_input_validation' && envelope.error_kind !== 'tool_not_found') continue;
    add({
      name: envelope.error_code,
      scenario: o.caseKind ?? o.check,
      tool: o.tool,
      envelope,
      keepRetryAfter: false,
    });
  }
  for (const { o, envelope } of envelopesOf(run.main.value?.observations ?? [])) {
    if (o.check !== TEST_HOOK_CHECK) continue;
    add({
      name: envelope.error_code,
      scenario: 'OBMCP_TEST_HOOKS=1 (throws a plain Error)',
      tool: o.tool,
      envelope,
      keepRetryAfter: false,
    });
  }
  for (const s of run.faults) {
    for (const c of s.value?.calls ?? []) {
      if (c.outcome.type !== 'envelope') continue;
      const keep = fixedRetryAfter(PROFILES[run.app], c.scenario);
      add({
        name: c.outcome.envelope.error_code,
        scenario: `OBMCP_MOCK_FAULT=${c.scenario}`,
        tool: c.tool,
        envelope: c.outcome.envelope,
        keepRetryAfter: keep,
      });
    }
  }
  const cm = run.codeMode.value;
  if (cm?.available && cm.outcome.type === 'envelope') {
    add({
      name: cm.outcome.envelope.error_code,
      scenario: 'CODE_MODE=true execute(while(true){})',
      tool: 'execute',
      envelope: cm.outcome.envelope,
      keepRetryAfter: false,
    });
  }
  return [...byCode.values()];
}

export interface ParitySample {
  tool: string;
  code: string;
  detailFields: string[];
  hintCategories: string[];
}

/** Per bad-input case kind: the shape of the first rejection (code, fields of its first detail, hint categories). */
export function paritySamples(run: AppRun): Map<string, ParitySample> {
  const out = new Map<string, ParitySample>();
  const sources = [
    ['', run.main],
    ['normalization_off:', run.normalizationOff],
  ] as const;
  for (const [prefix, r] of sources) {
    for (const { o, envelope } of envelopesOf(r.value?.observations ?? [])) {
      if (
        !o.caseKind ||
        (envelope.error_kind !== 'mcp_input_validation' && envelope.error_kind !== 'tool_not_found')
      )
        continue;
      const key = `${prefix}${o.caseKind}${o.shape ? `(${o.shape})` : ''}`;
      if (out.has(key)) continue;
      out.set(key, sample(o.tool, envelope));
    }
  }
  return out;
}

function sample(tool: string, envelope: Envelope): ParitySample {
  const categories = metaOf({ type: 'envelope', envelope, text: '' })?.hint_categories;
  return {
    tool,
    code: envelope.error_code,
    detailFields: Object.keys(envelope.details[0] ?? {}).sort(),
    hintCategories: Array.isArray(categories) ? categories.map(String).sort() : [],
  };
}
