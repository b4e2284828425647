// The stdio transport: each line parsed once, and a JSON-RPC answer for every line the SDK's transport would drop.
import { refuseMalformedInputResponses } from './input-responses.js';
import type { Readable, Writable } from 'node:stream';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { type JSONRPCMessage, serializeMessage, type Transport } from '@modelcontextprotocol/server';
import { LineSplitter } from './stdio-line-splitter.js';
import { judgeLine, judgeOversized, judgeSchemaMismatch, type LineVerdict } from './stdio-line-verdict.js';

/** The SDK's stdio default: a longer line gets -32600 and is discarded, the session goes on. */
export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export type LineRejection = Exclude<LineVerdict, { action: 'forward' }>;

export interface GuardedStdioOptions {
  stdin?: Readable;
  stdout?: Writable;
  maxMessageBytes?: number;
  /** Called for every answered or dropped line except blank ones (for a log line without the input). */
  onRejected?: (rejection: LineRejection) => void;
}

/**
 * Drop-in for the SDK's StdioServerTransport: same framing, same message schema, same backpressure
 * on stdout. Unlike it, malformed and oversized lines get JSON-RPC errors instead of silence (or, past
 * the buffer cap, a closed session), and no line is parsed twice.
 */
export class GuardedStdioTransport implements Transport {
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  onmessage?: Transport['onmessage'];
  private started = false;
  private readonly stdin: Readable;
  private readonly stdout: Writable;
  private readonly maxBytes: number;
  private readonly lines: LineSplitter;

  constructor(private readonly options: GuardedStdioOptions = {}) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
    this.maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.lines = new LineSplitter(this.maxBytes);
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('GuardedStdioTransport already started');
    this.started = true;
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(serializeMessage(message));
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.lines.clear();
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (const piece of this.lines.push(bytes)) {
      this.handle(piece.kind === 'line' ? judgeLine(piece.text) : judgeOversized(piece.bytes, this.maxBytes));
    }
  };

  private readonly onStdinError = (error: Error): void => {
    this.onerror?.(error);
  };

  private handle(verdict: LineVerdict): void {
    if (verdict.action === 'forward') {
      const parsed = JSONRPCMessageSchema.safeParse(verdict.message);
      if (parsed.success) {
        const refusal = refuseMalformedInputResponses(verdict.message);
        if (refusal) {
          void this.write(`${JSON.stringify({ jsonrpc: '2.0', ...refusal })}\n`);
          return;
        }
        // A throwing listener must not cost the other lines of this chunk.
        try {
          this.onmessage?.(parsed.data);
        } catch (error) {
          this.onerror?.(error instanceof Error ? error : new Error(String(error)));
        }
        return;
      }
      this.handle(judgeSchemaMismatch(verdict.message));
      return;
    }
    if (verdict.action === 'drop' && verdict.reason === 'blank line') return;
    this.options.onRejected?.(verdict);
    if (verdict.action === 'answer') {
      const error = { code: verdict.code, message: verdict.message };
      void this.write(`${JSON.stringify({ jsonrpc: '2.0', id: verdict.id, error })}\n`);
    }
  }

  private write(line: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.destroyed || this.stdout.write(line)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}
