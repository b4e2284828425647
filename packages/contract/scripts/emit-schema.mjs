// Writes schemas/error-envelope.schema.json from the typed constant (the one source), in Biome's JSON layout.
import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { ENVELOPE_SCHEMA } from '../dist/envelope/schema.js';

const target = new URL('../schemas/error-envelope.schema.json', import.meta.url);
const WIDTH = 110;

/** Objects always expanded; arrays of scalars on one line when they fit (what `biome format` prints). */
function format(value, indent, lead) {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const scalars = value.every((v) => v === null || typeof v !== 'object');
    const inline = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    if (scalars && lead + inline.length <= WIDTH) return inline;
    return `[\n${value.map((v) => `${pad}  ${format(v, indent + 2, indent + 2)}`).join(',\n')}\n${pad}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([k, v]) => {
      const key = `${pad}  ${JSON.stringify(k)}: `;
      return `${key}${format(v, indent + 2, key.length)}`;
    });
    return `{\n${lines.join(',\n')}\n${pad}}`;
  }
  return JSON.stringify(value);
}

let current;
try {
  current = JSON.parse(readFileSync(target, 'utf8'));
} catch {
  current = undefined;
}
// Rewrite only on drift, so a build never undoes formatting of an unchanged file.
if (!isDeepStrictEqual(current, ENVELOPE_SCHEMA)) writeFileSync(target, `${format(ENVELOPE_SCHEMA, 0, 0)}\n`);
