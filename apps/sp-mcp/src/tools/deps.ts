// What every tool factory receives: config, session, the document fetcher and the operation binder.
import type { CallContext } from '@obmcp/contract';
import type { SendOperation } from '@obmcp/openapi-tools';
import type { Config } from '../config.js';
import type { DocumentStorage } from '../http/document-download.js';
import type { SpResult } from '../http/client.js';
import type { Session } from '../session/session.js';
import type { SpCallExtra } from '../operations/call-operation.js';
import type { Operations } from '../operations/bind.js';

export interface ToolDeps {
  config: Config;
  session: Session;
  /** Presigned document URLs: their fetcher (no SP-API credentials attached) and the hosts they may be on. */
  documents: DocumentStorage;
  /** Binds a curated tool to its catalog operation(s) and calls them through the recipe. */
  operations: Operations;
}

/** Reads `payload` of a v0 body ({payload, errors}) as an object. */
export function payloadOf(body: unknown): Record<string, unknown> {
  return asObject(asObject(body).payload);
}

/** `body` when it is a JSON object (not null, not a list), else {}. */
export function asObject(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** One call whose answer is the operation's body as it is (an object; anything else answers {}). */
export async function bodyAnswer(
  send: SendOperation<SpResult, SpCallExtra>,
  args: Record<string, unknown>,
  call: CallContext,
): Promise<Record<string, unknown>> {
  return asObject((await send(args, call)).body);
}
