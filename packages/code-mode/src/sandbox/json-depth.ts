// Nesting depth of JSON text, by one linear scan (no recursion, so any depth is measured safely).
/** The deepest object/array nesting in `json` (brackets inside strings are not counted). */
export function jsonDepth(json: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  let escaped = false;
  for (const c of json) {
    if (escaped) escaped = false;
    else if (inString) {
      if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') max = Math.max(max, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return max;
}
