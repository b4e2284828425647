// JSON in and out of the sandbox with size bounds, using JSON functions captured before the script runs.
import type { Json } from '@obmcp/contract';
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';
import { jsonDepth } from './json-depth.js';

export type ToHost =
  | { ok: true; value: Json }
  | { ok: false; reason: 'too_large' | 'too_deep' | 'not_json'; message: string };

/**
 * Values leaving the sandbox nest at most this deep: the host's own JSON.stringify, V8's
 * structured clone and the MCP response all recurse, and a deeper value would overflow their stack.
 */
export const MAX_JSON_DEPTH = 1000;
export type ToVm =
  | { ok: true; handle: QuickJSHandle }
  | { ok: false; reason: 'too_large' | 'not_json'; message: string };

export class Marshal {
  private readonly stringify: QuickJSHandle;
  private readonly parse: QuickJSHandle;

  constructor(private readonly ctx: QuickJSContext) {
    const json = ctx.getProp(ctx.global, 'JSON');
    this.stringify = ctx.getProp(json, 'stringify');
    this.parse = ctx.getProp(json, 'parse');
    json.dispose();
  }

  /** Serialises a sandbox value (bounded in size and depth); `undefined` (and functions) become null. */
  toHost(handle: QuickJSHandle, maxBytes: number): ToHost {
    const ctx = this.ctx;
    const result = ctx.callFunction(this.stringify, ctx.undefined, handle);
    if (result.error) {
      const message = describeThrown(ctx, result.error);
      result.error.dispose();
      return { ok: false, reason: 'not_json', message };
    }
    const text = result.value;
    try {
      if (ctx.typeof(text) !== 'string') return { ok: true, value: null };
      const length = ctx.getProp(text, 'length').consume((h) => ctx.getNumber(h));
      if (length > maxBytes) return { ok: false, reason: 'too_large', message: `${length} characters` };
      const json = ctx.getString(text);
      const bytes = Buffer.byteLength(json);
      if (bytes > maxBytes) return { ok: false, reason: 'too_large', message: `${bytes} bytes` };
      const depth = jsonDepth(json);
      if (depth > MAX_JSON_DEPTH) return { ok: false, reason: 'too_deep', message: `${depth} levels` };
      return { ok: true, value: JSON.parse(json) as Json };
    } finally {
      text.dispose();
    }
  }

  /** Copies a host value in as plain JSON (`undefined`, which JSON.stringify gives no text for, stays undefined). */
  toVm(value: unknown, maxBytes: number): ToVm {
    const ctx = this.ctx;
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch (error) {
      return {
        ok: false,
        reason: 'not_json',
        message: error instanceof Error ? error.message : String(error),
      };
    }
    if (json === undefined) return { ok: true, handle: ctx.undefined };
    const bytes = Buffer.byteLength(json);
    if (bytes > maxBytes) return { ok: false, reason: 'too_large', message: `${bytes} bytes` };
    const text = ctx.newString(json);
    const result = ctx.callFunction(this.parse, ctx.undefined, text);
    text.dispose();
    if (result.error) {
      const message = describeThrown(ctx, result.error);
      result.error.dispose();
      return { ok: false, reason: 'not_json', message };
    }
    return { ok: true, handle: result.value };
  }

  dispose(): void {
    this.stringify.dispose();
    this.parse.dispose();
  }
}

/** `Name: message` of a thrown sandbox value, never throwing itself. */
export function describeThrown(ctx: QuickJSContext, error: QuickJSHandle): string {
  try {
    const dumped: unknown = ctx.dump(error);
    if (dumped && typeof dumped === 'object' && 'message' in dumped) {
      const { name, message } = dumped as { name?: unknown; message?: unknown };
      return `${typeof name === 'string' ? name : 'Error'}: ${String(message)}`;
    }
    return `Error: ${String(dumped)}`;
  } catch {
    return 'Error: (unreadable error value)';
  }
}
