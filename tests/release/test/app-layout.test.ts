// One layout for the three apps (CONTRIBUTING.md "How an app is laid out"): the same files export the same names
// in sp-mcp, ads-mcp and openbridge-mcp, and each deliberate difference is listed here with its reason.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

const APPS = ['sp-mcp', 'ads-mcp', 'openbridge-mcp'] as const;
type App = (typeof APPS)[number];

/** CONTRIBUTING.md "How an app is laid out": file under src/ → the names it exports, row by row. */
function layoutTable(): Map<string, string[]> {
  const text = readFileSync(join(REPO_ROOT, 'CONTRIBUTING.md'), 'utf8');
  const section = text.split('## How an app is laid out')[1]?.split('\n## ')[0] ?? '';
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const file = /^`([^`<]+\.ts)`$/.exec(cells[1] ?? '')?.[1];
    if (file)
      rows.set(
        file,
        [...(cells[3] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1] as string),
      );
  }
  return rows;
}

const LAYOUT = layoutTable();

/** What an app leaves out on purpose (`file`, or `file name`); CONTRIBUTING.md gives each reason. */
const ABSENT: Partial<Record<App, readonly string[]>> = {
  // Nothing to switch: no region, profile or active identity; every call names its ids, one key per server or user.
  // No generated tools: the tools bind to the hand-authored catalog of @obmcp/openbridge-upstream, called by the
  // client's own callOperation; what is listed is decided by name sets (get_capabilities names what they hide).
  'openbridge-mcp': [
    'session/session.ts',
    'operations/catalog.ts',
    'operations/call-operation.ts',
    'operations/execute.ts',
    'operations/listing.ts DEFAULT_TOOLSETS',
    'operations/listing.ts OUTSIDE_DEFAULT',
    'operations/listing.ts toolSplit',
  ],
};

const source = (app: App, file: string) => readFileSync(join(REPO_ROOT, 'apps', app, 'src', file), 'utf8');
const EXPORTED = (name: string) =>
  new RegExp(
    `export (?:async )?(?:const|function|interface|type|class|let) ${name}\\b|export \\{[^}]*\\b${name}\\b`,
  );

it('CONTRIBUTING.md lays out the files every app has', () => {
  expect([...LAYOUT.keys()]).toEqual(
    expect.arrayContaining(['app.ts', 'config.ts', 'server.ts', 'tools/index.ts', 'operations/bind.ts']),
  );
  expect(LAYOUT.get('config.ts')).toEqual(['Config', 'loadConfig', 'configSecrets']);
});

describe.each(APPS)('%s follows the one app layout', (app) => {
  const absent = ABSENT[app] ?? [];
  const cases = [...LAYOUT].filter(([file]) => !absent.includes(file));
  it.each(cases)('src/%s exports %j', (file, names) => {
    expect(existsSync(join(REPO_ROOT, 'apps', app, 'src', file)), `apps/${app}/src/${file}`).toBe(true);
    const text = source(app, file);
    for (const name of names.filter((n) => !absent.includes(`${file} ${n}`)))
      expect(text, `${file} exports ${name}`).toMatch(EXPORTED(name));
  });

  it.each(absent.filter((entry) => !entry.includes(' ')))('src/%s is absent on purpose', (file) => {
    expect(existsSync(join(REPO_ROOT, 'apps', app, 'src', file))).toBe(false);
  });

  it('src/server.ts builds its limiter and User-Agent with the shared http-kit functions', () => {
    const text = source(app, 'server.ts');
    expect(text).toMatch(/serverLimiter\(config\.limiterMaxWaitMs, /);
    expect(text).toContain('userAgent(profile.name, VERSION)');
    expect(text).not.toMatch(/createLimiter\(|Language=TypeScript/);
  });

  it('the writes gate is one line of tools/index.ts (openbridge-mcp: name sets, operations/listing.ts)', () => {
    const tools = join(REPO_ROOT, 'apps', app, 'src', 'tools');
    const gates = readdirSync(tools)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [
          ...readFileSync(join(tools, file), 'utf8').matchAll(
            /\b(?:enableWrites|privilegedTools|queryExecution)\b.*/g,
          ),
        ]
          .filter(([line]) => !line.includes('_enabled:'))
          .map(([line]) => `${file}: ${line}`),
      );
    if (app === 'openbridge-mcp') {
      // get_capabilities names every tool a switch hides, so the switches gate by the name sets it reports.
      expect(gates.filter((g) => g.startsWith('index.ts: ')).length).toBe(2);
      expect(source(app, 'operations/listing.ts')).toMatch(EXPORTED('PRIVILEGED_TOOLS'));
      return;
    }
    expect(gates).toEqual([expect.stringMatching(/^index\.ts: enableWrites \? \[?\.{0,3}\w*[Ww]rite/)]);
  });

  it('keeps its tests in test/, none in src/', () => {
    const src = join(REPO_ROOT, 'apps', app, 'src');
    const tests = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.test.ts'),
    );
    expect(tests).toEqual([]);
  });

  it('src/version.ts is package.json "version"', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'apps', app, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(source(app, 'version.ts')).toContain(`export const VERSION = '${pkg.version}';`);
  });
});
