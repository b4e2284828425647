// `pnpm bench:install`: installed size and cold start to tools/list of each server as published (npm install of
// the release tarballs), as a one-file esbuild bundle of the same code (the alternative we did not ship), and from
// the repo build. Needs a built repo (`pnpm build`) and the npm registry for third-party dependencies.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packReleases } from '../scripts/release/pack.mjs';
import { esm } from './resolve.mjs';
import { pct } from './stats.mjs';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const require = createRequire(join(REPO, 'tests', 'release', 'package.json'));
const { Client } = await import(esm('@modelcontextprotocol/client'));
const { StdioClientTransport } = await import(esm('@modelcontextprotocol/client/stdio'));
const esbuild = require('esbuild');

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
const ONLY = process.argv
  .find((a) => a.startsWith('--apps='))
  ?.slice(7)
  .split(',');
/** Dummy credentials: tools/list never calls upstream. */
const ENV = {
  SP_API_CLIENT_ID: 'bench-client',
  SP_API_CLIENT_SECRET: 'bench-secret',
  SP_API_REFRESH_TOKEN: 'Atzr|bench',
  ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.bench',
  ADS_API_CLIENT_SECRET: 'bench-secret',
  ADS_API_REFRESH_TOKEN: 'Atzr|bench',
  OPENBRIDGE_REFRESH_TOKEN: 'benchkey:benchsecret',
  OBMCP_LOG_LEVEL: 'error',
};
const APPS = ['sp-mcp', 'ads-mcp', 'openbridge-mcp'].filter((a) => !ONLY || ONLY.includes(a));

function sh(command, args, cwd) {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}:\n${r.stderr}`);
  return r.stdout;
}

const bytes = (dir) => Number(sh('du', ['-sb', dir], REPO).split('\t')[0]);
const mb = (n) => (n / 1e6).toFixed(1);

/** One cold process: spawn → initialize → tools/list; returns { ms, tools }. */
async function coldStartOnce(command, args) {
  const t0 = performance.now();
  const transport = new StdioClientTransport({
    command,
    args,
    env: { PATH: process.env.PATH, ...ENV },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (c) => {
    stderr += c;
  });
  const client = new Client({ name: 'bench-install', version: '0' });
  await client.connect(transport).catch((error) => {
    throw new Error(`${command} ${args.join(' ')}: ${error.message}\n${stderr}`);
  });
  const tools = (await client.listTools()).tools.length;
  const ms = performance.now() - t0;
  await client.close();
  return { ms, tools };
}

/**
 * RUNS rounds; each round starts every variant once, in a rotating order, so load from other processes on
 * the machine falls on all variants alike. Returns per variant the median, min, max and the tool count.
 */
async function coldStarts(variants) {
  const samples = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  const tools = {};
  const names = Object.keys(variants);
  for (let round = 0; round < RUNS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length];
      const [command, args] = variants[name];
      const r = await coldStartOnce(command, args);
      samples[name].push(r.ms);
      tools[name] = r.tools;
    }
  }
  return Object.fromEntries(
    names.map((n) => [
      n,
      {
        median: pct(samples[n], 50),
        min: Math.min(...samples[n]),
        max: Math.max(...samples[n]),
        tools: tools[n],
      },
    ]),
  );
}

function npmInstall(dir, specs, cache) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
  const t0 = performance.now();
  // --install-links: a folder is installed as a copy (like a tarball), not linked to where it was built.
  const args = ['install', '--omit=dev', '--no-audit', '--no-fund', '--install-links', '--cache', cache];
  sh('npm', [...args, ...specs], dir);
  return performance.now() - t0;
}

/** Tarballs an app needs: its own and its @obmcp dependencies, transitively. */
function closure(name, packed) {
  const byName = new Map(packed.map((p) => [p.name, p]));
  const out = new Map();
  const visit = (n) => {
    const p = byName.get(n);
    if (!p || out.has(n)) return;
    out.set(n, p);
    const deps = JSON.parse(readFileSync(join(REPO, p.dir, 'package.json'), 'utf8')).dependencies ?? {};
    for (const d of Object.keys(deps)) visit(d);
  };
  visit(name);
  return [...out.values()];
}

/**
 * The bundling alternative: esbuild inlines every @obmcp package into dist/bundle/ (third-party packages stay
 * dependencies). Modules that read data next to themselves (`new URL('../../x', import.meta.url)`) then look in
 * the package root, so generated/ and schemas/ are copied there.
 */
async function bundledPackage(app, members, into) {
  const appDir = join(REPO, 'apps', app);
  const manifest = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
  const deps = {};
  for (const m of members) {
    const pkg = JSON.parse(readFileSync(join(REPO, m.dir, 'package.json'), 'utf8'));
    for (const [d, v] of Object.entries(pkg.dependencies ?? {})) if (!d.startsWith('@obmcp/')) deps[d] = v;
  }
  await esbuild.build({
    entryPoints: [join(appDir, manifest.bin[Object.keys(manifest.bin)[0]])],
    outdir: join(into, 'dist', 'bundle'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: Object.keys(deps),
    logLevel: 'error',
  });
  for (const m of members) {
    for (const data of ['generated', 'schemas']) {
      try {
        cpSync(join(REPO, m.dir, data), join(into, data), { recursive: true });
      } catch {}
    }
  }
  const bin = Object.keys(manifest.bin)[0];
  writeFileSync(
    join(into, 'package.json'),
    JSON.stringify({
      name: `${manifest.name}-bundled`,
      version: manifest.version,
      type: 'module',
      bin: { [bin]: './dist/bundle/bin.js' },
      dependencies: deps,
    }),
  );
}

const work = mkdtempSync(join(tmpdir(), 'obmcp-bench-install-'));
const cache = join(work, 'npm-cache');
try {
  const packed = packReleases(REPO, join(work, 'packs'));
  const rows = [];
  for (const app of APPS) {
    const pkg = packed.find((p) => p.dir === `apps/${app}`);
    const members = closure(pkg.name, packed);
    const installed = join(work, `${app}-packages`);
    npmInstall(
      installed,
      members.map((m) => m.tarball),
      cache,
    );
    const bundleSrc = join(work, `${app}-bundle-src`);
    await bundledPackage(app, members, bundleSrc);
    const bundled = join(work, `${app}-bundled`);
    npmInstall(bundled, [bundleSrc], cache);
    const bin = (dir) => join(dir, 'node_modules', '.bin', app);
    rows.push({
      app,
      packages: {
        size: bytes(join(installed, 'node_modules')),
        own: bytes(join(installed, 'node_modules', '@obmcp')),
      },
      bundled: { size: bytes(join(bundled, 'node_modules')), own: bytes(join(bundleSrc, 'dist')) },
      cold: await coldStarts({
        repo: [process.execPath, [join(REPO, 'apps', app, 'dist', 'bin.js')]],
        packages: [bin(installed), []],
        bundled: [bin(bundled), []],
      }),
    });
  }
  const ms = (c) => `${c.median.toFixed(0)} ms (${c.min.toFixed(0)}–${c.max.toFixed(0)})`;
  const lines = [
    `Node ${process.version}, ${RUNS} rounds of cold starts, variants interleaved (median, min–max): spawn → initialize → tools/list, dummy credentials.`,
    '',
    '| server | installed (published packages) | of which @obmcp/* | installed (one-file bundle) | bundle code | cold start: repo build | cold start: published packages | cold start: bundle | tools |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.app} | ${mb(r.packages.size)} MB | ${mb(r.packages.own)} MB | ${mb(r.bundled.size)} MB | ${mb(r.bundled.own)} MB | ${ms(r.cold.repo)} | ${ms(r.cold.packages)} | ${ms(r.cold.bundled)} | ${r.cold.packages.tools} |`,
    ),
  ];
  console.log(lines.join('\n'));
} finally {
  rmSync(work, { recursive: true, force: true });
}
