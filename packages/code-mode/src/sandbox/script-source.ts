// How agent code is wrapped (an async function body) and how wrapped line numbers map back.
export const SCRIPT_FILE = 'script.js';
/** Lines the wrapper adds before the agent's first line. */
const PREFIX_LINES = 1;

/** `return` gives the result and top-level `await` works because the body runs as an async function. */
export function wrapScript(code: string): string {
  return `(async () => {\n${code}\n})()`;
}

/** Maps a line of the wrapped source to the agent's 1-based line, clamped to the code. */
export function scriptLine(wrappedLine: number, code: string): number | null {
  if (!Number.isFinite(wrappedLine)) return null;
  const lines = code.split('\n').length;
  return Math.min(Math.max(wrappedLine - PREFIX_LINES, 1), lines);
}
