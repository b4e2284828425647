// ContractSdkServer: the SDK's low-level Server, plus what it lacks for tasks in each era.
import { type JSONRPCRequest, type Result, Server, type ServerContext } from '@modelcontextprotocol/server';
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';
import { isModernVersion, TASKS_EXTENSION_CAPABILITY } from '../tasks/tasks-extension.js';

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

const paramsOf = (request: JSONRPCRequest): Record<string, unknown> =>
  isPlainObject(request.params) ? request.params : {};

const isTaskAugmented = (request: JSONRPCRequest): boolean => {
  const task = paramsOf(request).task;
  return task !== undefined && task !== null;
};

/**
 * What the v2 Server does not do for us:
 * - a 2025-11-25 client that asks for a task (`params.task`) gets `{ task }` at once, as that revision says
 *   (the v2 Server validates every tools/call result as a CallToolResult);
 * - on 2026-07-28 a task-supporting tool answers the Tasks extension's flat CreateTaskResult
 *   (`resultType: "task"`), which passes around that validation too (every other result keeps it);
 * - server/discover advertises the Tasks extension under `capabilities.extensions` instead of the
 *   2025-11-25 `capabilities.tasks` (initialize, the legacy handshake, keeps `capabilities.tasks`).
 * (Malformed `inputResponses` are refused by the transports, before the SDK lifts them: input-responses.ts.)
 */
export class ContractSdkServer extends Server {
  protected override _wrapHandler(method: string, handler: Handler): Handler {
    if (method === 'server/discover') {
      const wrapped = super._wrapHandler(method, handler);
      return async (request, ctx) => withTasksExtension(await wrapped(request, ctx));
    }
    // Stryker disable next-line ConditionalExpression: the tools/call wrapping passes other methods' answers through unchanged (equivalent), see README
    if (method !== 'tools/call') return super._wrapHandler(method, handler);
    // A CreateTaskResult is set aside (keyed by its request) and the SDK's seam sees a placeholder: an empty
    // result, which the SDK completes with `content: []` before its check.
    const created = new WeakMap<JSONRPCRequest, Result>();
    const wrapped = super._wrapHandler(method, async (request, ctx) => {
      const result = await handler(request, ctx);
      if (result.resultType !== 'task') return result;
      created.set(request, result);
      return {};
    });
    return async (request, ctx) => {
      const modern = isModernVersion(this.getNegotiatedProtocolVersion());
      if (!modern && isTaskAugmented(request)) return handler(request, ctx);
      const result = await wrapped(request, ctx);
      return created.get(request) ?? result;
    };
  }
}

/** server/discover's capabilities with the Tasks extension and without the 2025-11-25 `tasks` slot. */
function withTasksExtension(result: Result): Result {
  const capabilities = isPlainObject(result.capabilities) ? result.capabilities : {};
  const { tasks: _legacy, ...rest } = capabilities;
  const extensions = isPlainObject(rest.extensions) ? rest.extensions : {};
  return {
    ...result,
    capabilities: { ...rest, extensions: { ...extensions, ...TASKS_EXTENSION_CAPABILITY } },
  };
}
