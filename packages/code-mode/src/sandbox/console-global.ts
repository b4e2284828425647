// The sandbox's `console`: log/info/warn/error/debug write bounded lines into a LogSink.
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';
import type { LogSink } from './log-sink.js';

const LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;

export function installConsole(ctx: QuickJSContext, sink: LogSink): void {
  const consoleObject = ctx.newObject();
  for (const level of LEVELS) {
    const fn = ctx.newFunction(level, (...args: QuickJSHandle[]) => {
      if (!sink.accepting) return sink.drop();
      sink.push(level, args.map((arg) => formatArg(ctx, arg)).join(' '));
    });
    ctx.setProp(consoleObject, level, fn);
    fn.dispose();
  }
  ctx.setProp(ctx.global, 'console', consoleObject);
  consoleObject.dispose();
}

function formatArg(ctx: QuickJSContext, handle: QuickJSHandle): string {
  // Strings and undefined need no case of their own: dump gives the string, and undefined prints as `undefined`.
  const type = ctx.typeof(handle);
  if (type === 'function') return '[function]';
  if (type === 'symbol') return '[symbol]';
  try {
    const value: unknown = ctx.dump(handle);
    if (isErrorLike(value)) return `${value.name}: ${value.message}`;
    if (typeof value === 'string') return value;
    return JSON.stringify(value) ?? String(value);
  } catch {
    return '[unprintable]';
  }
}

function isErrorLike(value: unknown): value is { name: string; message: string } {
  // dump's objects are host objects; primitives and null are never error-like.
  if (!(value instanceof Object)) return false;
  const v = value as Record<string, unknown>;
  return typeof v['name'] === 'string' && typeof v['message'] === 'string' && typeof v['stack'] === 'string';
}
