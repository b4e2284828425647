// The CI mutation gate (scripts/mutation/gate.mjs, score.mjs): which guard files a change selects, and the floor each is held to.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

interface Target {
  dir: string;
  mutate: string[];
  security: string[];
}
interface Floors {
  package: number;
  security: number;
}
interface Verdict {
  file: string;
  floor: number;
  missing: boolean;
  ok: boolean;
  score?: number;
  total?: number;
}
interface GateModule {
  parseTouched(diffOutput: string): Set<string>;
  touchedProductFiles(
    touched: Set<string>,
    targets: Target[],
    productDirs: string[],
    notMutated: RegExp[],
  ): { target: Target; files: string[] }[];
  removedCodeLines(diffOutput: string): Map<string, string[]>;
  changedLineRanges(diffOutput: string): Map<string, [number, number][]>;
  mutatePatterns(target: Target, files: string[], ranges: Map<string, [number, number][]>): string[];
  acknowledgedGuardChanges(messages: string): Set<string>;
  unacknowledgedGuardDeletions(
    removed: Map<string, string[]>,
    targets: Target[],
    acked: Set<string>,
  ): { path: string; lines: string[] }[];
  fileVerdicts(report: unknown, target: Target, files: string[], floors: Floors): Verdict[];
}
interface ScoreModule {
  scoreOf(mutants: { status: string }[]): { score: number; total: number; detected: number };
  scoreTables(root: string): string;
  tablesInDoc(doc: string): string | undefined;
  equivalentsListed(readme: string): number;
  staleFiles(root: string, target: Target, report: unknown): string[];
  untargetedFiles(root: string): string[];
}
interface TargetsModule {
  TARGETS: Target[];
  FLOORS: Floors;
  PRODUCT_DIRS: string[];
  NOT_MUTATED: RegExp[];
}
const load = async <T>(file: string) =>
  (await import(pathToFileURL(join(REPO_ROOT, 'scripts/mutation', file)).href)) as T;
const gate = await load<GateModule>('gate.mjs');
const { scoreOf, scoreTables, tablesInDoc, equivalentsListed, staleFiles, untargetedFiles } =
  await load<ScoreModule>('score.mjs');
const { TARGETS, FLOORS, PRODUCT_DIRS, NOT_MUTATED } = await load<TargetsModule>('targets.mjs');

const kit: Target = {
  dir: 'packages/http-kit',
  mutate: ['src/retry.ts', 'src/redirects.ts'],
  security: ['src/redirects.ts'],
};
const contract: Target = { dir: 'packages/contract', mutate: ['src/envelope/redact.ts'], security: [] };
const floors = { package: 85, security: 95 };
const mutants = (killed: number, survived: number, extra: { status: string }[] = []) => [
  ...Array.from({ length: killed }, () => ({ status: 'Killed' })),
  ...Array.from({ length: survived }, () => ({ status: 'Survived' })),
  ...extra,
];

describe('mutation gate: touched-file selection', () => {
  it('reads git diff --name-only output, blank lines dropped', () => {
    expect(gate.parseTouched('a/b.ts\n\nc.ts\n')).toEqual(new Set(['a/b.ts', 'c.ts']));
  });

  const dirs = [kit.dir, contract.dir];
  it('selects the product files the change touched, per target, as package-relative paths (tests and docs not)', () => {
    const touched = gate.parseTouched(
      'packages/http-kit/src/redirects.ts\npackages/http-kit/test/retry.test.ts\nREADME.md\n',
    );
    expect(gate.touchedProductFiles(touched, [kit, contract], dirs, [])).toEqual([
      { target: kit, files: ['src/redirects.ts'] },
    ]);
  });

  it('selects nothing for a change without a product file (the step exits fast)', () => {
    const touched = gate.parseTouched('docs/README.md\npackages/http-kit/test/fetcher.test.ts\n');
    expect(gate.touchedProductFiles(touched, [kit, contract], dirs, [])).toEqual([]);
  });

  it('does not take a same-named file of another package', () => {
    const touched = gate.parseTouched('packages/openapi-tools/src/redirects.ts\n');
    expect(gate.touchedProductFiles(touched, [kit], [kit.dir], [])).toEqual([]);
  });

  it('every configured target file exists, and each security file is one the target mutates', async () => {
    const { existsSync } = await import('node:fs');
    for (const target of TARGETS) {
      for (const file of target.mutate)
        expect(existsSync(join(REPO_ROOT, target.dir, file)), file).toBe(true);
      for (const file of target.security) expect(target.mutate, file).toContain(file);
    }
    expect(FLOORS).toEqual({ package: 85, security: 95 });
  });
});

describe('mutation gate: thresholds', () => {
  it('scores detected ÷ (detected + undetected): timeouts count as detected, no-coverage as undetected, errors not at all', () => {
    const { score, total } = scoreOf(
      mutants(7, 1, [
        { status: 'Timeout' },
        { status: 'NoCoverage' },
        { status: 'CompileError' },
        { status: 'Ignored' },
      ]),
    );
    expect(total).toBe(10);
    expect(score).toBe(80);
  });

  it('holds a security file to 95 % and another file to 85 %, a score exactly at the floor passing', () => {
    const report = {
      files: {
        'src/redirects.ts': { mutants: mutants(19, 1) }, // 95 %
        'src/retry.ts': { mutants: mutants(17, 3) }, // 85 %
      },
    };
    expect(gate.fileVerdicts(report, kit, ['src/redirects.ts', 'src/retry.ts'], floors)).toMatchObject([
      { file: 'src/redirects.ts', floor: 95, score: 95, ok: true },
      { file: 'src/retry.ts', floor: 85, score: 85, ok: true },
    ]);
  });

  it('fails a file just under its floor', () => {
    const report = {
      files: {
        'src/redirects.ts': { mutants: mutants(37, 3) }, // 92.5 %: enough for a package, not for a security file
        'src/retry.ts': { mutants: mutants(84, 16) }, // 84 %
      },
    };
    expect(gate.fileVerdicts(report, kit, ['src/redirects.ts', 'src/retry.ts'], floors)).toMatchObject([
      { file: 'src/redirects.ts', floor: 95, ok: false },
      { file: 'src/retry.ts', floor: 85, ok: false },
    ]);
  });

  it('fails a file the report lacks, and a missing report', () => {
    const report = { files: { 'src/retry.ts': { mutants: mutants(1, 0) } } };
    expect(gate.fileVerdicts(report, kit, ['src/redirects.ts'], floors)).toEqual([
      { file: 'src/redirects.ts', floor: 95, missing: true, ok: false },
    ]);
    expect(gate.fileVerdicts(undefined, kit, ['src/retry.ts'], floors)[0]).toMatchObject({ ok: false });
  });
});

describe('docs/MUTATION.md', () => {
  it("its score tables are the committed reports' (pnpm mutation:score --write rewrites them)", async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(join(REPO_ROOT, 'docs/MUTATION.md'), 'utf8');
    expect(tablesInDoc(doc)).toBe(scoreTables(REPO_ROOT).trimEnd());
  });

  it('names a report file whose source changed or went away since its run, not one that did not', () => {
    const root = mkdtempSync(join(tmpdir(), 'obmcp-stale-'));
    try {
      mkdirSync(join(root, 'packages/x/src'), { recursive: true });
      writeFileSync(join(root, 'packages/x/src/same.ts'), 'export const a = 1;\n');
      writeFileSync(join(root, 'packages/x/src/edited.ts'), 'export const b = 2;\n');
      const report = {
        files: {
          'src/same.ts': { source: 'export const a = 1;\n' },
          'src/edited.ts': { source: 'export const b = 1;\n' },
          'src/gone.ts': { source: 'export const c = 1;\n' },
        },
      };
      const target = { dir: 'packages/x', mutate: [], security: [] };
      expect(staleFiles(root, target, report)).toEqual(['src/edited.ts', 'src/gone.ts']);
      expect(staleFiles(root, target, undefined)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('lists as untargeted exactly the product files no mutate list names', () => {
    const untargeted = untargetedFiles(REPO_ROOT);
    for (const path of untargeted) {
      expect(PRODUCT_DIRS.some((d) => path.startsWith(`${d}/src/`))).toBe(true);
      expect(NOT_MUTATED.some((rule) => rule.test(path))).toBe(false);
    }
    // A file a target names is never listed; the doc's count line is the same list (the table test above).
    const named = TARGETS.flatMap((t) => t.mutate.map((f) => `${t.dir}/${f}`));
    expect(untargeted.filter((p) => named.includes(p))).toEqual([]);
  });

  it("counts the `- ` items under a README's Equivalent mutants heading, up to the next heading", () => {
    expect(equivalentsListed('# P\n### Equivalent mutants\n\n- a\n  more of a\n- b\n## License\n- c\n')).toBe(
      2,
    );
    expect(equivalentsListed('# P\n- a\n')).toBe(0);
  });
});

describe('mutation gate: every product file, not only the guard lists', () => {
  it('a touched product file outside the guard lists is mutated with its package (the package floor applies)', () => {
    const touched = gate.parseTouched(
      [
        'packages/mcp-server/src/http/exposure.ts',
        'packages/code-mode/src/sandbox/concurrency-gate.ts',
        'apps/sp-mcp/src/tools/order-date-rules.ts',
        'packages/code-mode/test/limits.test.ts',
        'docs/MUTATION.md',
      ].join('\n'),
    );
    const selected = gate.touchedProductFiles(touched, TARGETS, PRODUCT_DIRS, NOT_MUTATED);
    expect(selected.map((s) => [s.target.dir, s.files])).toEqual([
      ['packages/code-mode', ['src/sandbox/concurrency-gate.ts']],
      ['packages/mcp-server', ['src/http/exposure.ts']],
      ['apps/sp-mcp', ['src/tools/order-date-rules.ts']],
    ]);
    const server = selected.find((s) => s.target.dir === 'packages/mcp-server');
    expect(server?.target.security).toContain('src/http/exposure.ts');
  });

  it('entry re-exports, type declarations and generated data are not mutated', () => {
    const touched = gate.parseTouched(
      [
        'packages/mcp-server/src/entries/server.ts',
        'packages/contract/src/index.ts',
        'apps/ads-mcp/src/env-docs.ts',
        'apps/ads-mcp/src/operations/catalog.ts',
        'packages/test-kit/src/start-server.ts',
      ].join('\n'),
    );
    expect(gate.touchedProductFiles(touched, TARGETS, PRODUCT_DIRS, NOT_MUTATED)).toEqual([]);
  });

  it('the exposure rule, bearer auth, Host checks and the task owner are security guards (95 %)', () => {
    const server = TARGETS.find((t) => t.dir === 'packages/mcp-server');
    expect(server?.security).toEqual(
      expect.arrayContaining([
        'src/http/exposure.ts',
        'src/http/bearer-auth.ts',
        'src/http/host-check.ts',
        'src/http/task-owner.ts',
        'src/http/hosted-route.ts',
        'src/tasks/scoped-task-store.ts',
      ]),
    );
  });

  it("the hosted connector's gate, redirect URIs, PKCE, token audience and vault are security guards", () => {
    const hosted = TARGETS.find((t) => t.dir === 'packages/hosted-auth');
    expect(hosted?.security).toEqual(
      expect.arrayContaining([
        'src/gate.ts',
        'src/as/redirect-uris.ts',
        'src/as/random.ts',
        'src/as/access-token.ts',
        'src/vault/vault.ts',
      ]),
    );
    expect(PRODUCT_DIRS).toContain('packages/hosted-auth');
  });

  it("the views' HTML sinks and the bridge are security guards; a touched view file is mutated, an entry is not", () => {
    const views = TARGETS.find((t) => t.dir === 'packages/views');
    expect(views?.security).toEqual(
      expect.arrayContaining(['src/shared/dom.ts', 'src/shared/bridge.ts', 'src/shared/host-context.ts']),
    );
    expect(PRODUCT_DIRS).toContain('packages/views');
    const touched = gate.parseTouched(
      ['packages/views/src/shared/format.ts', 'packages/views/src/entries/orders.ts'].join('\n'),
    );
    const selected = gate.touchedProductFiles(touched, TARGETS, PRODUCT_DIRS, NOT_MUTATED);
    expect(selected.map((s) => [s.target.dir, s.files])).toEqual([
      ['packages/views', ['src/shared/format.ts']],
    ]);
  });
});

describe('mutation gate: a deleted protection is measured, not skipped', () => {
  const GUARD = 'packages/http-kit/src/private-address.ts';

  /** Two throwaway commits in a scratch repository: the guard as it is, then with `edit` applied. */
  function throwaway(edit: (text: string) => string, message: string) {
    const dir = mkdtempSync(join(tmpdir(), 'obmcp-gate-'));
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: dir,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@t',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@t',
        },
      });
    git('init', '-q');
    const original = readFileSync(join(REPO_ROOT, GUARD), 'utf8');
    mkdirSync(join(dir, 'packages/http-kit/src'), { recursive: true });
    writeFileSync(join(dir, GUARD), original);
    git('add', '-A');
    git('commit', '-qm', 'base');
    writeFileSync(join(dir, GUARD), edit(original));
    git('commit', '-qam', message);
    const removed = gate.removedCodeLines(git('diff', '-U0', 'HEAD~1', 'HEAD', '--', GUARD));
    const acked = gate.acknowledgedGuardChanges(git('log', '--format=%B', 'HEAD~1..HEAD'));
    rmSync(dir, { recursive: true, force: true });
    return gate.unacknowledgedGuardDeletions(removed, TARGETS, acked);
  }
  const dropNat64 = (text: string) =>
    text
      .split('\n')
      .filter((line) => !line.includes('64:ff9b::'))
      .join('\n');

  it('removing the NAT64 range from private-address.ts fails the gate, naming the line', () => {
    const failing = throwaway(dropNat64, 'http-kit: tidy the IPv6 list');
    expect(failing).toEqual([
      { path: GUARD, lines: ["['64:ff9b::', 96], // NAT64: any IPv4 address, private ones included"] },
    ]);
  });

  it('the same deletion with a Guard-Change trailer naming the file passes', () => {
    const failing = throwaway(
      dropNat64,
      `http-kit: drop NAT64\n\nGuard-Change: ${GUARD} NAT64 is refused upstream of this list now`,
    );
    expect(failing).toEqual([]);
  });

  it('a comment-only or added-line change is not a deletion', () => {
    expect(throwaway((t) => t.replace('// "this network"', '// this network (RFC 1122)'), 'comment')).toEqual(
      [],
    );
    expect(throwaway((t) => `${t}\nexport const EXTRA = 1;\n`, 'addition')).toEqual([]);
  });
});

describe('mutation gate: files outside the guard lists are mutated on their changed lines', () => {
  const diff = [
    'diff --git a/apps/sp-mcp/src/tools/order-date-rules.ts b/apps/sp-mcp/src/tools/order-date-rules.ts',
    '--- a/apps/sp-mcp/src/tools/order-date-rules.ts',
    '+++ b/apps/sp-mcp/src/tools/order-date-rules.ts',
    '@@ -16 +16 @@ const UPDATED',
    '-const MIN_AGE_MS = 2 * 60 * 1000;',
    '+const MIN_AGE_MS = 60 * 1000;',
    '@@ -40,0 +41,3 @@ function fail',
    '+a',
    '+b',
    '+c',
    '@@ -70,2 +73,0 @@',
    '-gone',
    '-gone too',
    '--- a/packages/http-kit/src/redirects.ts',
    '+++ b/packages/http-kit/src/redirects.ts',
    '@@ -5 +5 @@',
    '-x',
    '+y',
  ].join('\n');

  it('reads the new-file ranges of each hunk; a pure deletion adds none', () => {
    const ranges = gate.changedLineRanges(diff);
    expect(ranges.get('apps/sp-mcp/src/tools/order-date-rules.ts')).toEqual([
      [16, 16],
      [41, 43],
    ]);
    expect(ranges.get('packages/http-kit/src/redirects.ts')).toEqual([[5, 5]]);
  });

  it('a guard file is mutated whole, any other file on its ranges only', () => {
    const ranges = gate.changedLineRanges(diff);
    const sp: Target = { dir: 'apps/sp-mcp', mutate: [], security: [] };
    expect(gate.mutatePatterns(sp, ['src/tools/order-date-rules.ts'], ranges)).toEqual([
      'src/tools/order-date-rules.ts:16-16',
      'src/tools/order-date-rules.ts:41-43',
    ]);
    expect(gate.mutatePatterns(kit, ['src/redirects.ts'], ranges)).toEqual(['src/redirects.ts']);
    expect(gate.mutatePatterns(sp, ['src/tools/other.ts'], ranges)).toEqual([]);
  });
});
