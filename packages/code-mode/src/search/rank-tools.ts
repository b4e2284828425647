// Ranks tools against a free-text query by name, title and description (plus near-miss spelling).
import { boundText, spellingDistance, type ToolInfo } from '@obmcp/contract';

export interface RankedTool {
  name: string;
  title?: string;
  description: string;
}

const WEIGHT = { name: 10, title: 6, description: 3 } as const;

/** Lowercase words with a naive plural fold (orders → order). */
function tokens(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.map((t) => (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t));
}

/** First line of a description, bounded. */
export function firstLine(description: string, max = 200): string {
  // split always gives at least one string (the whole text when it has no newline).
  return boundText(description.split('\n')[0] as string, max);
}

export function scoreTool(query: string, tool: ToolInfo): number {
  const q = query.trim().toLowerCase();
  if (q === '') return 1;
  const name = tool.name.toLowerCase();
  let score = 0;
  if (name === q) score += 100;
  else if (name.includes(q)) score += 40;
  else if (q.length >= 3 && spellingDistance(q, name) <= Math.max(1, q.length * 0.3)) score += 30;
  const nameTokens = new Set(tokens(tool.name));
  const titleTokens = new Set(tokens(tool.title ?? ''));
  const descTokens = tokens(tool.description);
  for (const token of tokens(q)) {
    if (nameTokens.has(token)) score += WEIGHT.name;
    else if (token.length >= 3 && name.includes(token)) score += WEIGHT.name / 2;
    if (titleTokens.has(token)) score += WEIGHT.title;
    if (descTokens.includes(token)) score += WEIGHT.description;
    else if (token.length >= 4 && descTokens.some((d) => d.startsWith(token))) score += 1;
  }
  return score;
}

/** Best matches first (ties by name); an empty query lists every tool by name. */
export function rankTools(query: string, tools: readonly ToolInfo[], limit: number): RankedTool[] {
  return tools
    .map((tool) => ({ tool, score: scoreTool(query, tool) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name))
    .slice(0, limit)
    .map(({ tool }) => ({
      name: tool.name,
      ...(tool.title ? { title: tool.title } : {}),
      description: firstLine(tool.description),
    }));
}
