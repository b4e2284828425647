// Nesting depth of JSON text, by one linear scan (no recursion, so any depth is measured safely).
const OPEN = new Set(['{', '[']);
const CLOSE = new Set(['}', ']']);

/** The deepest object/array nesting in `json` (brackets inside strings are not counted). */
export function jsonDepth(json: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i] as string;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (OPEN.has(c)) max = Math.max(max, ++depth);
    else if (CLOSE.has(c)) depth--;
  }
  return max;
}
