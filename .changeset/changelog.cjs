// Changelog lines for `changeset version`: one bullet per changeset (short commit when known), deps on one line.
'use strict';

/** @param {{ summary: string, commit?: string }} changeset */
async function getReleaseLine(changeset) {
  const [first = '', ...rest] = changeset.summary.trim().split('\n');
  const commit = changeset.commit ? `${changeset.commit.slice(0, 7)}: ` : '';
  const more = rest.map((l) => (l.trim() === '' ? '' : `  ${l}`)).join('\n');
  return `- ${commit}${first}${more ? `\n${more}` : ''}`;
}

/** @param {unknown[]} _changesets @param {{ name: string, newVersion: string }[]} deps */
async function getDependencyReleaseLine(_changesets, deps) {
  if (deps.length === 0) return '';
  return `- Updated dependencies: ${deps.map((d) => `${d.name}@${d.newVersion}`).join(', ')}`;
}

module.exports = { getReleaseLine, getDependencyReleaseLine };
