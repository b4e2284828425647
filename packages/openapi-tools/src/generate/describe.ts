// Short descriptions: summary + the first sentence that matters, markdown stripped, bounded length.

/** Markdown links → their text, code ticks and emphasis removed, whitespace collapsed. */
export function plainText(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[`*_]{1,3}([^`*_]+)[`*_]{1,3}/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Sentences that tell nothing about what the operation does. */
const NOISE =
  /usage plan|rate \(requests per second\)|x-amzn-ratelimit|rate limits?\b|for more information|refer to|\bnote:/i;

/** The first sentence (ending in `.`, `!` or `?` followed by space, or the end) that is not noise. */
export function firstSentence(text: string): string {
  const paragraphs = text.split(/\n\s*\n|\n(?=\s*[|#*-])/);
  for (const paragraph of paragraphs) {
    const plain = plainText(paragraph);
    if (!plain || plain.startsWith('|')) continue;
    for (const sentence of plain.split(/(?<=[.!?])\s+(?=[A-Z0-9`"(])/)) {
      const s = sentence.trim();
      if (s.length > 0 && !NOISE.test(s)) return s;
    }
  }
  return '';
}

/** Cuts at a word boundary and marks the cut with `…`. */
export function bound(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** summary + first meaningful sentence of the description (skipped when it repeats the summary). */
export function shortDescription(summary: string, description: string, max: number): string {
  const head = plainText(summary).replace(/\.$/, '');
  const sentence = firstSentence(description);
  const same = head && sentence.toLowerCase().startsWith(head.toLowerCase());
  const text = head && !same ? (sentence ? `${head}. ${sentence}` : `${head}.`) : sentence || head;
  return bound(text, max);
}
