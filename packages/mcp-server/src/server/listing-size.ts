// The tool-count limits of model providers, and the start-up warning when a listing is over the smallest.
import type { Logger } from '@obmcp/contract/internal/tool/logger.js';

/**
 * Tools one provider request may carry (documented: OpenAI "array too long. Expected an array with maximum
 * length 128"; Gemini "At most 512 function declarations can be specified"). Anthropic states no count.
 * Clients send every listed tool in every request, so a larger listing fails the whole request.
 */
export const PROVIDER_TOOL_LIMITS = { OpenAI: 128, Gemini: 512 } as const;

/**
 * Warns once on stderr when `count` listed tools exceed the smallest limit, naming the fixes: Code Mode
 * (`CODE_MODE=only`: four tools that reach every operation) and the server's toolsets variable.
 */
export function warnOnLargeListing(count: number, toolsetsVariable: string | undefined, log: Logger): void {
  const over = Object.entries(PROVIDER_TOOL_LIMITS).filter(([, limit]) => count > limit);
  if (over.length === 0) return;
  const fixes = ['CODE_MODE=only', ...(toolsetsVariable ? [`fewer ${toolsetsVariable}`] : [])];
  log.warn(
    `tools/list has ${count} tools, more than ${over.map(([provider, limit]) => `${provider} (${limit})`).join(' and ')} accepts in one request; use ${fixes.join(' or ')} (docs/CLIENTS.md)`,
    { tools: count, limits: Object.fromEntries(over), fix: fixes },
  );
}
