// Reads one tools/call answer into { envelope | value, _meta } for load assertions.
import type { JsonRpcResponse } from '../raw-stdio.js';

export interface ReadAnswer {
  isError: boolean;
  envelope?: { tool: string; error_kind: string; error_code: string; _meta?: Record<string, unknown> };
  meta: Record<string, unknown>;
}

export function readAnswer(answer: JsonRpcResponse): ReadAnswer {
  const result = answer.result ?? {};
  const text = (result.content as { text?: string }[] | undefined)?.[0]?.text ?? '';
  if (result.isError === true) {
    const envelope = JSON.parse(text) as NonNullable<ReadAnswer['envelope']>;
    return { isError: true, envelope, meta: envelope._meta ?? {} };
  }
  const structured = (result.structuredContent ?? {}) as { _meta?: Record<string, unknown> };
  return { isError: false, meta: structured._meta ?? {} };
}

/** Resident set size of a process in MiB (Linux /proc). */
export async function rssMiB(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}
