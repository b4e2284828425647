// The structured conformance report: one entry per check, pass / fail / skip with a reason.
export type CheckStatus = 'pass' | 'fail' | 'skip';

export interface CheckResult {
  /** Stable id, e.g. `bad_input.missing_required:list_orders`. */
  id: string;
  status: CheckStatus;
  /** Why it failed or was skipped (one line); a short note on pass. */
  reason?: string;
}

export interface ConformanceReport {
  server: { name?: string; version?: string };
  checks: CheckResult[];
  passed: number;
  failed: number;
  skipped: number;
}

/** Collects check results in order; `summarize` freezes them into a report. */
export class ReportBuilder {
  readonly checks: CheckResult[] = [];

  pass(id: string, reason?: string): void {
    this.checks.push(reason === undefined ? { id, status: 'pass' } : { id, status: 'pass', reason });
  }

  fail(id: string, reason: string): void {
    this.checks.push({ id, status: 'fail', reason });
  }

  skip(id: string, reason: string): void {
    this.checks.push({ id, status: 'skip', reason });
  }

  /** pass when `problems` is empty, else fail with the problems joined. */
  expect(id: string, problems: readonly string[], note?: string): boolean {
    if (problems.length === 0) this.pass(id, note);
    else this.fail(id, problems.join('; '));
    return problems.length === 0;
  }

  summarize(server: ConformanceReport['server']): ConformanceReport {
    const count = (s: CheckStatus) => this.checks.filter((c) => c.status === s).length;
    return {
      server,
      checks: [...this.checks],
      passed: count('pass'),
      failed: count('fail'),
      skipped: count('skip'),
    };
  }
}
