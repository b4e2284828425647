// Renders a report as readable lines: ✓ / ✗ / – per check with its reason, then "N passed, M failed".
import type { ConformanceReport } from './report.js';

const MARK = { pass: '✓', fail: '✗', skip: '–' } as const;

export function formatReport(
  report: ConformanceReport,
  options: { showSkipped?: boolean; showNotes?: boolean } = {},
): string {
  const lines: string[] = [];
  const who = [report.server.name, report.server.version].filter(Boolean).join(' ');
  lines.push(`conformance: ${who || '(unnamed server)'}`);
  for (const check of report.checks) {
    if (check.status === 'skip' && !options.showSkipped) continue;
    const showReason = check.reason !== undefined && (check.status !== 'pass' || options.showNotes);
    lines.push(`  ${MARK[check.status]} ${check.id}${showReason ? ` — ${check.reason}` : ''}`);
  }
  lines.push(
    `${report.passed} passed, ${report.failed} failed${report.skipped > 0 ? `, ${report.skipped} skipped` : ''}`,
  );
  return lines.join('\n');
}
