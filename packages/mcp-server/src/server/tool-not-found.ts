// The envelope for a tool name that is not registered (instead of a JSON-RPC error).
import { buildEnvelope } from '@obmcp/contract/internal/envelope/build.js';
import type { Envelope } from '@obmcp/contract/internal/envelope/types.js';
import { suggest } from '@obmcp/contract/internal/hints/suggest.js';

export function toolNotFoundEnvelope(name: unknown, available: readonly string[]): Envelope {
  const asked = typeof name === 'string' && name.length > 0 ? name : 'unknown_tool';
  const close = suggest(asked, available, 3).map((s) => s.value);
  const hints = close.length > 0 ? [`Did you mean ${close.join(' or ')}? Got ${asked}.`] : [];
  hints.push('Tool names are case-sensitive; call tools/list for the available names.');
  return buildEnvelope({
    kind: 'tool_not_found',
    tool: asked,
    code: 'TOOL_NOT_FOUND',
    summary: `Tool ${asked} is not registered on this server.`,
    retryable: false,
    details: [
      {
        path: '',
        issue: `unknown tool: ${asked}`,
        received_type: typeof name,
        did_you_mean: close,
      },
    ],
    hints,
    meta: close.length > 0 ? { hint_categories: ['did_you_mean'] } : {},
  });
}
