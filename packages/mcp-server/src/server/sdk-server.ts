// ContractSdkServer: the SDK's low-level Server, letting a task-augmented tools/call answer CreateTaskResult.
import { type JSONRPCRequest, type Result, Server, type ServerContext } from '@modelcontextprotocol/server';

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

const isTaskAugmented = (request: JSONRPCRequest): boolean => {
  const params = request.params as { task?: unknown } | undefined;
  return params?.task !== undefined && params.task !== null;
};

/**
 * The v2 Server validates every tools/call result as a CallToolResult (the 2025-11-25 task side channel
 * left the SDK with SEP-2663). A 2025-11-25 client that asks for a task gets `{ task }` at once, as that
 * revision says; every other call keeps the SDK's own validation.
 */
export class ContractSdkServer extends Server {
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return wrapped;
    return (request, ctx) => (isTaskAugmented(request) ? handler(request, ctx) : wrapped(request, ctx));
  }
}
