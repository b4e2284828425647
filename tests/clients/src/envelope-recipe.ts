// The recipe docs/CLIENTS.md gives LangChain users: hand the model the envelope alone when a tool call fails.

const MARKER = '{"error_kind"';

/**
 * For `toolErrorMiddleware({ onError })`: the mcp-adapters throw `MCP tool '…' on server '…' returned an
 * error: <envelope JSON>`; the model gets the envelope JSON alone (other errors: their message).
 */
export function envelopeTextOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const at = message.indexOf(MARKER);
  return at >= 0 ? message.slice(at) : message;
}
