// Counters of a fuzz run: cases, successes, envelopes by error_code, JSON-RPC errors, violations, crashes.
import type { Verdict } from './check.js';

export interface FuzzStats {
  server: string;
  cases: number;
  ok: number;
  envelopes: Record<string, number>;
  jsonRpcErrors: Record<string, number>;
  /** Process exits / unanswered liveness probes. */
  crashes: number;
  violations: { tool: string; problem: string; args: string }[];
  /** INTERNAL_ERROR envelopes are valid but mean a handler threw something unclassified: kept for triage. */
  internalErrors: { tool: string; args: string }[];
  ms: number;
}

export function emptyStats(server: string): FuzzStats {
  return {
    server,
    cases: 0,
    ok: 0,
    envelopes: {},
    jsonRpcErrors: {},
    crashes: 0,
    violations: [],
    internalErrors: [],
    ms: 0,
  };
}

const clip = (args: string) => (args.length > 600 ? `${args.slice(0, 600)}…(${args.length} chars)` : args);

export function record(stats: FuzzStats, tool: string, args: string, verdict: Verdict): void {
  stats.cases += 1;
  if (verdict.kind === 'ok') stats.ok += 1;
  else if (verdict.kind === 'envelope') {
    stats.envelopes[verdict.code] = (stats.envelopes[verdict.code] ?? 0) + 1;
    if (verdict.code === 'INTERNAL_ERROR' && stats.internalErrors.length < 20)
      stats.internalErrors.push({ tool, args: clip(args) });
  } else if (verdict.kind === 'jsonrpc_error') {
    const key = String(verdict.code);
    stats.jsonRpcErrors[key] = (stats.jsonRpcErrors[key] ?? 0) + 1;
  } else if (stats.violations.length < 50) {
    stats.violations.push({ tool, problem: verdict.problem, args: clip(args) });
  }
}

export function formatStats(s: FuzzStats): string {
  const sorted = (r: Record<string, number>) =>
    Object.entries(r)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k}=${n}`)
      .join(' ');
  return [
    `${s.server}: ${s.cases} cases in ${(s.ms / 1000).toFixed(1)} s — ok ${s.ok}, crashes ${s.crashes}, violations ${s.violations.length}`,
    `  envelopes by error_code: ${sorted(s.envelopes) || '-'}`,
    `  JSON-RPC errors: ${sorted(s.jsonRpcErrors) || '-'}`,
    ...s.internalErrors.slice(0, 3).map((e) => `  ? INTERNAL_ERROR from ${e.tool}: ${e.args}`),
    ...s.violations.slice(0, 5).map((v) => `  ! ${v.tool}: ${v.problem}\n    args: ${v.args}`),
  ].join('\n');
}
