// After `changeset version`: appends to each app's newest CHANGELOG entry a line linking the other apps' same-version entries.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { changesetConfig, workspacePackages, workspaceRoot } from './workspace.mjs';

const MARKER = 'Released together with';

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function githubSlug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The newest entry: { heading, version, start, end } (line indexes), or undefined. */
export function newestEntry(lines) {
  const start = lines.findIndex((l) => /^##\s+\S/.test(l));
  if (start < 0) return undefined;
  const heading = lines[start].replace(/^##\s+/, '');
  const next = lines.findIndex((l, i) => i > start && /^##\s+\S/.test(l));
  const version = heading.match(/\d+\.\d+\.\d+(?:-[\w.]+)?/)?.[0];
  return { heading, version, start, end: next < 0 ? lines.length : next };
}

/** Rewrites every fixed-group app's CHANGELOG.md; returns the version they share. */
export function crossReference(root) {
  const order = changesetConfig(root).fixed?.[0] ?? [];
  const apps = workspacePackages(root)
    .filter((p) => p.dir.startsWith('apps/') && order.includes(p.name))
    .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  const logs = apps.map((app) => {
    const file = join(root, app.dir, 'CHANGELOG.md');
    if (!existsSync(file)) throw new Error(`${app.dir}/CHANGELOG.md is missing`);
    const lines = readFileSync(file, 'utf8').split('\n');
    const entry = newestEntry(lines);
    if (!entry?.version) throw new Error(`${app.dir}/CHANGELOG.md has no "## <version>" entry`);
    return { app, file, lines, entry, short: app.dir.split('/').pop() };
  });
  const versions = new Set(logs.map((l) => l.entry.version));
  if (versions.size !== 1) {
    throw new Error(
      `newest CHANGELOG entries disagree: ${logs.map((l) => `${l.short} ${l.entry.version}`).join(', ')}`,
    );
  }
  for (const log of logs) {
    const others = logs.filter((o) => o !== log);
    if (others.length === 0) continue;
    const names = others.map((o) => `${o.short} ${o.entry.version}`);
    const links = others.map((o) => {
      const target = `../${o.short}/CHANGELOG.md#${githubSlug(o.entry.heading)}`;
      return `[${target}](${target})`;
    });
    const line = `${MARKER} ${joinAnd(names)} — see ${joinAnd(links)}.`;
    const body = tidy(
      log.lines.slice(log.entry.start + 1, log.entry.end).filter((l) => !l.startsWith(MARKER)),
    );
    const rest = log.lines.slice(log.entry.end);
    const entry = [log.lines[log.entry.start], '', ...body, ...(body.length > 0 ? [''] : []), line];
    if (rest.length > 0) entry.push('');
    const out = [...log.lines.slice(0, log.entry.start), ...entry, ...rest].join('\n');
    writeFileSync(log.file, out.endsWith('\n') ? out : `${out}\n`);
  }
  return [...versions][0];
}

/** Entry body without leading/trailing blank lines and without runs of blank lines (changesets leaves both). */
function tidy(lines) {
  const out = lines.filter((l, i) => l.trim() !== '' || (i > 0 && lines[i - 1].trim() !== ''));
  while (out.length > 0 && out[0].trim() === '') out.shift();
  while (out.length > 0 && out[out.length - 1].trim() === '') out.pop();
  return out;
}

function joinAnd(items) {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`cross-referenced app changelogs for ${crossReference(workspaceRoot())}`);
}
