#!/usr/bin/env node
// Fails when the v1 MCP SDK is imported or depended on outside the allow-list (issue 40: everything on the v2 packages).
// `node scripts/check-sdk-imports.mjs` (CI: tests/release/test/sdk-imports.test.ts, part of `pnpm test`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The v1 package's name, spelled so that this file does not match itself. */
export const V1_PACKAGE = ['@modelcontextprotocol', 'sdk'].join('/');

/**
 * Where the v1 SDK stays on purpose: tests that play a 2025-era v1 client (each says so in its header).
 * Everything else imports @modelcontextprotocol/server, /client, /core or /node (2.x).
 */
export const ALLOWED = new Map([
  ['tests/clients/test/sdk.test.ts', 'the official v1 SDK client, the reference legacy client'],
  ['tests/clients/test/genai.test.ts', "@google/genai's mcpToTool takes a v1 Client (peer dependency ^1)"],
  ['tests/clients/src/listing-run.ts', 'the @google/genai path hands mcpToTool a v1 Client'],
  ['tests/clients/package.json', 'the two files above'],
]);

const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
/**
 * A string literal naming the package or one of its subpaths: import, export … from, import(), require, and the
 * bench's esm('…') alike. Prose in comments (`…`) does not count.
 */
const SPECIFIER = new RegExp(`['"]${V1_PACKAGE.replace('/', '\\/')}(?:/[^'"]*)?['"]`);

/** Tracked and new (not ignored) files under `root`, relative paths: node_modules, dist and the like are ignored. */
export function repoFiles(root) {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\0').filter(Boolean))];
}

/** Why `text` (the file at `path`) uses the v1 SDK, or undefined when it does not. */
export function v1Use(path, text) {
  if (path === 'package.json' || path.endsWith('/package.json')) {
    let manifest;
    try {
      manifest = JSON.parse(text);
    } catch {
      return undefined;
    }
    const field = DEPENDENCY_FIELDS.find((f) => manifest?.[f]?.[V1_PACKAGE] !== undefined);
    return field ? `${field} has ${V1_PACKAGE}` : undefined;
  }
  if (!SOURCE.test(path)) return undefined;
  const lines = text.split('\n');
  const index = lines.findIndex((line) => SPECIFIER.test(line));
  return index === -1 ? undefined : `line ${index + 1}: ${lines[index]?.trim()}`;
}

/** Every use of the v1 SDK outside ALLOWED, as `path: reason`. */
export function violations(root, files = repoFiles(root)) {
  const found = [];
  for (const path of files) {
    if (ALLOWED.has(path)) continue;
    if (!SOURCE.test(path) && !path.endsWith('package.json')) continue;
    let text;
    try {
      text = readFileSync(join(root, path), 'utf8');
    } catch {
      continue; // deleted in the work tree, not yet in the index
    }
    const why = v1Use(path, text);
    if (why) found.push(`${path}: ${why}`);
  }
  return found;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const found = violations(root);
  if (found.length > 0) {
    console.error(
      `${V1_PACKAGE} (the v1 MCP SDK) is used outside the allow-list in scripts/check-sdk-imports.mjs:\n` +
        found.map((f) => `  ${f}`).join('\n') +
        '\nUse @modelcontextprotocol/server, /client, /core or /node 2.x; a test that deliberately plays a v1 client' +
        ' goes in ALLOWED with its reason.',
    );
    process.exit(1);
  }
  console.log(`no ${V1_PACKAGE} outside the allow-list (${ALLOWED.size} files)`);
}
