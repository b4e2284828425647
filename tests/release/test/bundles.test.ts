// Claude Desktop bundles: each app's mcpb/manifest.json passes `mcpb validate` and matches its server.json and bin.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_DIRS, looksSecret, mcpbManifest, serverJson } from '../src/install-surface.js';
import { readManifest } from '../src/packed.js';
import { MCPB_BIN, REPO_ROOT } from '../src/paths.js';

function mcpbValidate(path: string) {
  const run = spawnSync(MCPB_BIN, ['validate', path], { encoding: 'utf8' });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

describe.each(APP_DIRS)('%s/mcpb/manifest.json', (dir) => {
  const manifest = mcpbManifest(dir);
  const pkg = readManifest(join(REPO_ROOT, dir));

  it("passes the mcpb CLI's own validator", () => {
    const run = mcpbValidate(join(REPO_ROOT, dir, 'mcpb', 'manifest.json'));
    expect(run.out).toContain('Manifest schema validation passes');
    expect(run.code).toBe(0);
  });

  it('starts the installed bin with node, at the package version', () => {
    expect(manifest.version).toBe(pkg.version);
    const bin = posix.normalize(Object.values(pkg.bin ?? {})[0] ?? '');
    const entry = `node_modules/${pkg.name}/${bin}`;
    expect(manifest.server).toMatchObject({ type: 'node', entry_point: entry });
    expect(manifest.server.mcp_config).toMatchObject({ command: 'node', args: [`\${__dirname}/${entry}`] });
  });

  it('asks for the same variables as server.json: credentials sensitive, required as required, each one used', () => {
    const registry = new Map(
      (serverJson(dir).packages[0]?.environmentVariables ?? []).map((v) => [v.name, v] as const),
    );
    const env = manifest.server.mcp_config.env;
    expect(Object.keys(env).sort()).toEqual([...registry.keys()].sort());
    const used = new Set<string>();
    for (const [name, value] of Object.entries(env)) {
      const key = /^\$\{user_config\.(\w+)\}$/.exec(value)?.[1];
      expect(key, `${name} = ${value}`).toBeDefined();
      const option = manifest.user_config[key ?? ''];
      expect(option, `user_config.${key}`).toBeDefined();
      used.add(key ?? '');
      expect(option?.sensitive ?? false, name).toBe(looksSecret(name));
      expect(option?.required ?? false, name).toBe(registry.get(name)?.isRequired ?? false);
      const fallback = registry.get(name)?.default;
      if (fallback !== undefined) expect(String(option?.default), name).toBe(fallback);
    }
    expect([...used].sort()).toEqual(Object.keys(manifest.user_config).sort());
  });
});

describe('mcpb validate', () => {
  it('fails (exit 1) on a manifest without a server block, so the checks above can fail', () => {
    const dir = mkdtempSync(join(tmpdir(), 'obmcp-mcpb-'));
    try {
      const { server: _server, ...broken } = mcpbManifest('apps/sp-mcp');
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify(broken));
      const run = mcpbValidate(join(dir, 'manifest.json'));
      expect(run.code).toBe(1);
      expect(run.out).toMatch(/server/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is the pinned @anthropic-ai/mcpb 2.1.2', () => {
    expect(execFileSync(MCPB_BIN, ['--version'], { encoding: 'utf8' }).trim()).toBe('2.1.2');
  });
});
