// One layout for the three apps (CONTRIBUTING.md "How an app is laid out"): the same files export the same names
// in sp-mcp, ads-mcp and openbridge-mcp, and each deliberate difference is listed here with its reason.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.js';

const APPS = ['sp-mcp', 'ads-mcp', 'openbridge-mcp'] as const;
type App = (typeof APPS)[number];

/** file under src/ → the names it exports in every app. */
const LAYOUT: Record<string, readonly string[]> = {
  'app.ts': ['app'],
  'bin.ts': [],
  'config.ts': ['Config', 'loadConfig'],
  'version.ts': ['VERSION'],
  'profile.ts': ['profile'],
  'hints/tables.ts': ['HINT_TABLES'],
  'session/session.ts': ['Session', 'createSession'],
  'operations/bind.ts': ['Operations', 'createOperations'],
  'operations/listing.ts': [],
  'operations/catalog.ts': [],
  'operations/call-operation.ts': ['callOperation'],
  'operations/execute.ts': ['operationExecutor'],
  'tools/deps.ts': ['ToolDeps'],
  'tools/index.ts': ['createTools'],
};

/** Files (and their names) an app leaves out on purpose; the reason is the one CONTRIBUTING.md gives. */
const ABSENT: Partial<Record<App, readonly string[]>> = {
  // Nothing to switch: no region, profile or active identity; every call names its ids, one key per server or user.
  // No generated catalog: the tools bind to the hand-authored one of @obmcp/openbridge-upstream, called by the
  // client's own callOperation; what is listed is decided by name sets (operations/listing.ts), not a split.
  'openbridge-mcp': [
    'session/session.ts',
    'operations/catalog.ts',
    'operations/call-operation.ts',
    'operations/execute.ts',
  ],
};

const source = (app: App, file: string) => readFileSync(join(REPO_ROOT, 'apps', app, 'src', file), 'utf8');
const EXPORTED = (name: string) =>
  new RegExp(
    `export (?:async )?(?:const|function|interface|type|class|let) ${name}\\b|export \\{[^}]*\\b${name}\\b`,
  );

/** sp-mcp and ads-mcp serve a generated catalog: the same names decide its listing. */
const CATALOG_LISTING = ['DEFAULT_TOOLSETS', 'OUTSIDE_DEFAULT', 'toolSplit'];

describe.each(APPS)('%s follows the one app layout', (app) => {
  const cases = Object.entries(LAYOUT).filter(([file]) => !ABSENT[app]?.includes(file));
  it.each(cases)('src/%s exports %j', (file, names) => {
    expect(existsSync(join(REPO_ROOT, 'apps', app, 'src', file))).toBe(true);
    const text = source(app, file);
    for (const name of names) expect(text, `${file} exports ${name}`).toMatch(EXPORTED(name));
  });

  it.skipIf(app === 'openbridge-mcp')("operations/listing.ts decides the generated catalog's listing", () => {
    const text = source(app, 'operations/listing.ts');
    for (const name of CATALOG_LISTING) expect(text).toMatch(EXPORTED(name));
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

  it('src/version.ts is package.json "version"', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'apps', app, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(source(app, 'version.ts')).toContain(`export const VERSION = '${pkg.version}';`);
  });
});
