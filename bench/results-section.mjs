// RESULTS.md holds several benches' sections: each rewrites only its own, between HTML comment markers.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = new URL('./RESULTS.md', import.meta.url);
const markers = (name) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];

/** The section (markers included) as it is in the file, or '' when absent. */
export function readSection(name) {
  const text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '';
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  return from >= 0 && to > from ? text.slice(from, to + end.length) : '';
}

/** Replaces (or appends) the named section, leaving the rest of the file as it is. */
export function writeSection(name, markdown) {
  const text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '';
  const [start, end] = markers(name);
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const old = readSection(name);
  writeFileSync(FILE, old ? text.replace(old, block) : `${text.trimEnd()}\n\n${block}\n`);
}
