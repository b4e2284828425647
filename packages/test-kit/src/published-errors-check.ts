// Calls a server's tools with bad inputs generated from their published schemas; every error detail must point into that schema.
import type { Client } from '@modelcontextprotocol/client';
import { callTool } from './call-tool.js';
import { type BadInput, badInputsFrom, detailResolves, seededRandom } from './published-inputs.js';

export interface PublishedErrorsReport {
  /** Calls made. */
  calls: number;
  /** Calls answered with an input-validation envelope. */
  refused: number;
  /** Tools that publish a `{key, value}` entries list (all of them are checked). */
  entryTools: string[];
  /** One line per detail whose path does not resolve, or per malformed entry that was not refused. */
  failures: string[];
}

interface ListedTool {
  name: string;
  inputSchema: unknown;
  _meta?: Record<string, unknown>;
}

/**
 * Every tool whose published schema has an entries list, plus a seeded sample of `sample` others (all when
 * `sample` is at least the tool count), each with up to `perTool` bad inputs from its first published example.
 */
export async function checkPublishedErrors(
  client: Client,
  options: { seed: number; sample: number; perTool?: number; skip?: (name: string) => boolean },
): Promise<PublishedErrorsReport> {
  const random = seededRandom(options.seed);
  const tools: ListedTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...(page.tools as ListedTool[]));
    cursor = page.nextCursor;
  } while (cursor);
  const candidates = tools.filter(
    (t) => !options.skip?.(t.name) && Array.isArray(t._meta?.['io.obmcp/examples']),
  );
  const entryTools = candidates.filter((t) =>
    JSON.stringify(t.inputSchema).includes('"key":{"type":"string"}'),
  );
  const others = candidates.filter((t) => !entryTools.includes(t));
  const sampled: ListedTool[] = [];
  while (others.length > 0 && sampled.length < options.sample)
    sampled.push(...others.splice(Math.floor(random() * others.length), 1));
  const report: PublishedErrorsReport = {
    calls: 0,
    refused: 0,
    entryTools: entryTools.map((t) => t.name),
    failures: [],
  };
  for (const tool of [...entryTools, ...sampled]) {
    const examples = (tool._meta?.['io.obmcp/examples'] ?? []) as Record<string, unknown>[];
    const example = examples[0] ?? {};
    const bad: BadInput[] = badInputsFrom(tool.inputSchema, example, random, options.perTool ?? 3);
    for (const input of bad) {
      report.calls++;
      const { envelope } = await callTool(client, tool.name, input.args);
      if (envelope?.error_kind !== 'mcp_input_validation') {
        if (input.what.includes('entry'))
          report.failures.push(`${tool.name} ${input.what}: not refused (${envelope?.error_code ?? 'ok'})`);
        continue;
      }
      report.refused++;
      for (const detail of envelope.details ?? [])
        if (
          !detailResolves(
            tool.inputSchema,
            detail as { path?: unknown; extra?: unknown; expected_type?: unknown },
          )
        )
          report.failures.push(
            `${tool.name} ${input.what}: ${String((detail as { path?: unknown }).path)} (${envelope.error_code}) (expected ${String((detail as { expected_type?: unknown }).expected_type)}) is not in the published schema`,
          );
    }
  }
  return report;
}
