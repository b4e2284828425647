// Mutation scores from each target's committed Stryker JSON report: per package, per security file, against the floors.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FLOORS, NOT_MUTATED, PRODUCT_DIRS, TARGETS } from './targets.mjs';

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** Stryker's mutation score: detected ÷ (detected + undetected); errors and ignored mutants do not count. */
export function scoreOf(mutants) {
  const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
  const undetected = mutants.filter((m) => UNDETECTED.has(m.status)).length;
  const total = detected + undetected;
  return { detected, undetected, total, score: total === 0 ? 100 : (100 * detected) / total };
}

export function readReport(root, target) {
  const file = join(root, target.dir, 'mutation', 'report.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Rows for every target: the package score and each security file's, with the floor each must reach. */
export function scoreRows(root) {
  const rows = [];
  for (const target of TARGETS) {
    const report = readReport(root, target);
    if (!report) {
      rows.push({ target: target.dir, file: '(all)', missing: true, floor: FLOORS.package });
      continue;
    }
    const files = report.files ?? {};
    const all = Object.values(files).flatMap((f) => f.mutants ?? []);
    rows.push({ target: target.dir, file: '(all)', ...scoreOf(all), floor: FLOORS.package });
    for (const file of target.security) {
      const entry = files[file];
      rows.push(
        entry
          ? { target: target.dir, file, ...scoreOf(entry.mutants ?? []), floor: FLOORS.security }
          : { target: target.dir, file, missing: true, floor: FLOORS.security },
      );
    }
  }
  return rows;
}

export const failing = (rows) => rows.filter((r) => r.missing || r.score < r.floor);

/** A report's files whose source on disk is no longer the source it measured (changed or deleted since the run). */
export function staleFiles(root, target, report) {
  return Object.entries(report?.files ?? {})
    .filter(([file, entry]) => {
      const path = join(root, target.dir, file);
      return !existsSync(path) || readFileSync(path, 'utf8') !== entry.source;
    })
    .map(([file]) => file)
    .sort();
}

/** Product files (tracked `src/**\/*.ts` of PRODUCT_DIRS, minus NOT_MUTATED), repo-relative. */
export function productFiles(root) {
  const listed = execFileSync('git', ['ls-files', '--', ...PRODUCT_DIRS.map((d) => `${d}/src`)], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((path) => path.endsWith('.ts') && !NOT_MUTATED.some((rule) => rule.test(path)))
    .sort();
}

/** Product files no target's `mutate:` list names: not yet measured by a full run. */
export function untargetedFiles(root) {
  return productFiles(root).filter(
    (path) => !TARGETS.some((t) => path.startsWith(`${t.dir}/`) && t.mutate.includes(path.slice(t.dir.length + 1))),
  );
}

/** Mutants per Stryker status (Killed, Survived, NoCoverage, Timeout, …). */
export function statusCounts(mutants) {
  const counts = {};
  for (const m of mutants) counts[m.status] = (counts[m.status] ?? 0) + 1;
  return counts;
}

/**
 * The mutants a package README lists as equivalent: the `- ` items under its `### Equivalent mutants` heading
 * (each one a file:line, the mutation and the reason it cannot change behaviour).
 */
export function equivalentsListed(readme) {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => /^#+\s+Equivalent mutants/i.test(l));
  if (start === -1) return 0;
  let n = 0;
  for (const line of lines.slice(start + 1)) {
    if (/^#/.test(line)) break;
    if (/^- /.test(line)) n++;
  }
  return n;
}

const DOC = 'docs/MUTATION.md';
const BEGIN = '<!-- mutation-scores:begin (pnpm mutation:score --write) -->';
const END = '<!-- mutation-scores:end -->';

/** The score tables docs/MUTATION.md carries, one per target with a report, from the committed reports. */
export function scoreTables(root) {
  const product = productFiles(root);
  const untargeted = untargetedFiles(root);
  const out = [
    `Product files that are targets: ${product.length - untargeted.length} of ${product.length}` +
      (untargeted.length === 0 ? '.' : `; not yet: ${untargeted.map((f) => `\`${f}\``).join(', ')}.`),
    '',
  ];
  for (const target of TARGETS) {
    const report = readReport(root, target);
    const readmeFile = join(root, target.dir, 'README.md');
    const equivalents = existsSync(readmeFile) ? equivalentsListed(readFileSync(readmeFile, 'utf8')) : 0;
    out.push(`### ${target.dir}`, '');
    if (!report) {
      out.push('No committed report yet (`pnpm mutation` writes `mutation/report.json`).', '');
      continue;
    }
    const measured = target.mutate.filter((f) => report.files?.[f] !== undefined).length;
    const stale = staleFiles(root, target, report);
    out.push(
      `Target files in the report: ${measured} of ${target.mutate.length}. Equivalent mutants listed in its README: ${equivalents}.`,
      '',
      ...(stale.length === 0
        ? []
        : [`Measured on an older source (rerun \`pnpm mutation --only ${target.dir}\`): ${stale.join(', ')}.`, '']),
      '| File | Floor | Score | Killed | Timeout | Survived | No coverage | Errors/ignored |',
      '|---|---|---|---|---|---|---|---|',
    );
    const files = report.files ?? {};
    const row = (name, mutants, floor) => {
      const c = statusCounts(mutants);
      const { score } = scoreOf(mutants);
      const other =
        mutants.length - (c.Killed ?? 0) - (c.Timeout ?? 0) - (c.Survived ?? 0) - (c.NoCoverage ?? 0);
      return `| ${name} | ${floor} % | ${score.toFixed(1)} % | ${c.Killed ?? 0} | ${c.Timeout ?? 0} | ${c.Survived ?? 0} | ${c.NoCoverage ?? 0} | ${other} |`;
    };
    out.push(
      row(
        '**all**',
        Object.values(files).flatMap((f) => f.mutants ?? []),
        FLOORS.package,
      ),
    );
    for (const file of Object.keys(files).sort())
      out.push(
        row(
          target.security.includes(file) ? `${file} (security)` : file,
          files[file].mutants ?? [],
          target.security.includes(file) ? FLOORS.security : FLOORS.package,
        ),
      );
    out.push('');
  }
  return out.join('\n');
}

/** docs/MUTATION.md with its generated block replaced (dated `date`); other text stays as written. */
export function docWithTables(current, tables, date) {
  const block = `${BEGIN}\n\nScores of the committed reports, written ${date}.\n\n${tables}\n${END}`;
  const from = current.indexOf(BEGIN);
  const to = current.indexOf(END);
  if (from === -1 || to === -1) return `${current.trimEnd()}\n\n${block}\n`;
  return `${current.slice(0, from)}${block}${current.slice(to + END.length)}`;
}

/** The generated block of the doc without its date line, to compare with freshly computed tables. */
export function tablesInDoc(current) {
  const from = current.indexOf(BEGIN);
  const to = current.indexOf(END);
  if (from === -1 || to === -1) return undefined;
  return current
    .slice(from + BEGIN.length, to)
    .replace(/\n\nScores of the committed reports, written [^\n]*\n\n/, '')
    .trimEnd();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd();
  const rows = scoreRows(root);
  for (const r of rows)
    console.log(
      r.missing
        ? `${r.target} ${r.file}: no report`
        : `${r.target} ${r.file}: ${r.score.toFixed(1)} % (${r.detected}/${r.total}), floor ${r.floor} %`,
    );
  const docFile = join(root, DOC);
  const doc = existsSync(docFile) ? readFileSync(docFile, 'utf8') : '# Mutation testing\n';
  const tables = scoreTables(root);
  const current = tablesInDoc(doc) === tables.trimEnd();
  if (process.argv.includes('--write')) {
    // Only a change of the tables rewrites (and re-dates) the doc, so `pnpm generate --check` stays clean.
    if (!current) writeFileSync(docFile, docWithTables(doc, tables, new Date().toISOString().slice(0, 10)));
    console.log(`mutation: ${DOC} ${current ? 'already matches' : 'rewritten from'} the reports`);
  } else if (!current) {
    console.error(`mutation: ${DOC} does not match the reports: run pnpm mutation:score --write`);
    process.exitCode = 1;
  }
  const bad = failing(rows);
  // A score holds for the source it measured, and the floors for all product code: both are part of the claim.
  const stale = TARGETS.flatMap((t) => staleFiles(root, t, readReport(root, t)).map((f) => `${t.dir}/${f}`));
  const untargeted = untargetedFiles(root);
  for (const f of stale) console.error(`mutation: ${f}: its report measured an older source`);
  for (const f of untargeted) console.error(`mutation: ${f}: a product file no target names`);
  if ((bad.length > 0 || stale.length > 0 || untargeted.length > 0) && !process.argv.includes('--report-only')) {
    console.error(
      `mutation: ${bad.length} score(s) under their floor, ${stale.length} stale file(s), ${untargeted.length} product file(s) not targets`,
    );
    process.exit(1);
  }
}
