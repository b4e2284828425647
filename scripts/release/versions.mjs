// Lockstep checks: every publishable package is in the one fixed group and all share one version; next version.
import { changesetConfig, pendingChangesets, workspacePackages } from './workspace.mjs';

const RANK = { patch: 1, minor: 2, major: 3 };

/** { version, problems[] } for the fixed group of the workspace at root. */
export function lockstepState(root) {
  const config = changesetConfig(root);
  const packages = workspacePackages(root);
  const problems = [];
  const fixed = config.fixed ?? [];
  if (fixed.length !== 1)
    problems.push(`.changeset/config.json must have exactly one fixed group (has ${fixed.length})`);
  const group = new Set(fixed[0] ?? []);
  const ignored = new Set(config.ignore ?? []);
  const byName = new Map(packages.map((p) => [p.name, p]));
  for (const name of group) {
    const pkg = byName.get(name);
    if (!pkg) problems.push(`fixed group names ${name}, which is not a workspace package`);
    else if (pkg.private) problems.push(`fixed group names ${name}, which is private`);
  }
  for (const pkg of packages) {
    if (!pkg.private && !ignored.has(pkg.name) && !group.has(pkg.name)) {
      problems.push(
        `${pkg.name} (${pkg.dir}) is publishable but not in the fixed group: add it, mark it private, or ignore it`,
      );
    }
  }
  // `changeset version` refuses a changeset that names a private or ignored package beside a published one.
  for (const cs of pendingChangesets(root)) {
    const outside = Object.keys(cs.bumps).filter((name) => !group.has(name));
    if (outside.length > 0) {
      problems.push(
        `.changeset/${cs.file} names ${outside.join(', ')}, outside the fixed group: changesets are for released packages (drop the line; a private package keeps its own CHANGELOG)`,
      );
    }
  }
  const members = packages.filter((p) => group.has(p.name));
  const versions = [...new Set(members.map((p) => p.version))];
  if (versions.length > 1) {
    problems.push(`fixed group versions differ: ${members.map((p) => `${p.name}@${p.version}`).join(', ')}`);
  }
  return { version: versions[0], members, problems };
}

/** The version `changeset version` will produce for the fixed group, or undefined with no pending changeset. */
export function nextVersion(root, current) {
  const group = new Set(changesetConfig(root).fixed?.[0] ?? []);
  let rank = 0;
  for (const cs of pendingChangesets(root)) {
    for (const [name, bump] of Object.entries(cs.bumps))
      if (group.has(name)) rank = Math.max(rank, RANK[bump]);
  }
  if (rank === 0) return undefined;
  const [major = 0, minor = 0, patch = 0] = current.split('-')[0].split('.').map(Number);
  if (rank === 3) return `${major + 1}.0.0`;
  if (rank === 2) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}
