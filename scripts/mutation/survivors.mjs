// Lists a target's undetected mutants (survived, no coverage) from its report: file:line, mutator, the code and its replacement.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const file = join(process.cwd(), dir ?? '.', process.argv[3] ?? 'mutation/report.json');
if (dir === undefined || !existsSync(file)) {
  console.error('usage: node scripts/mutation/survivors.mjs <package dir> [report path in it]');
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
for (const [name, entry] of Object.entries(report.files ?? {})) {
  const lines = entry.source.split('\n');
  for (const m of entry.mutants ?? []) {
    if (m.status !== 'Survived' && m.status !== 'NoCoverage') continue;
    const { start, end } = m.location;
    const original =
      start.line === end.line
        ? (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1)
        : `${(lines[start.line - 1] ?? '').slice(start.column - 1)}…`;
    console.log(
      `${name}:${start.line}:${start.column} ${m.status} ${m.mutatorName}: ${original.trim().slice(0, 90)} → ${String(
        m.replacement ?? '',
      )
        .replace(/\s+/g, ' ')
        .slice(0, 90)}`,
    );
  }
}
