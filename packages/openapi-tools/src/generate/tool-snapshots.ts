// Committed snapshots of what agents see: a server's published tools/list (name, title, description,
// inputSchema, annotations, _meta) read in process over an in-memory transport, written as pretty-printed,
// key-sorted JSON files; `pnpm snapshots:update` rewrites them, every other run fails on drift.
import { fileURLToPath } from 'node:url';
import { Client, InMemoryTransport, type Tool } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';
import { checkPortableSchema } from '@obmcp/contract/schema';
import type { Catalog } from '../catalog-types.js';
import { declaredOperations, operationKey } from '../index.js';
import { staleFiles, writeFolder } from './generated-folder.js';
import { shareDefs } from './shared-defs.js';

/** Set to 1 (by `pnpm snapshots:update`) to write the snapshots instead of comparing them. */
export const UPDATE_SNAPSHOTS_ENV = 'OBMCP_UPDATE_SNAPSHOTS';
export const SNAPSHOTS_COMMAND = 'pnpm snapshots:update';

/**
 * Throws naming every tool whose published inputSchema breaks a portable-schema rule (docs/CONTRACT.md): the
 * snapshot tests of every app run it over all their tools, writes and every toolset on.
 */
export function assertPublishedPortable(tools: readonly Tool[]): void {
  const broken = tools.flatMap((tool) =>
    checkPortableSchema(tool.inputSchema).map(
      (v) => `  tool ${tool.name}: inputSchema${v.pointer} [${v.rule}] ${v.message}`,
    ),
  );
  if (broken.length > 0)
    throw new Error(`published inputSchema breaks the portable-schema rules:\n${broken.join('\n')}`);
}

/** tools/list of a server, as a client receives it (every page), each published schema checked portable. */
export async function listPublishedTools(server: Server): Promise<Tool[]> {
  const client = new Client({ name: 'tool-snapshots', version: '0.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    assertPublishedPortable(tools);
    return tools;
  } finally {
    await client.close();
    await server.close();
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  // An object's keys are distinct: code-unit order needs no "equal" case.
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
}

/**
 * Pretty-printed, key-sorted JSON of a tools list (in the given order) with a trailing newline; a sub-schema the
 * tools repeat is written once under the file's `$defs` (what a client receives has it inline).
 */
export function snapshotText(tools: readonly Tool[]): string {
  const sorted = sortKeys(tools) as Tool[];
  const { roots, $defs } = shareDefs(
    sorted.flatMap((tool) => [tool.inputSchema, tool.outputSchema ?? []].flat()),
  );
  let next = 0;
  const written = sorted.map((tool) => ({
    ...tool,
    inputSchema: roots[next++]!,
    ...(tool.outputSchema ? { outputSchema: roots[next++]! } : {}),
  }));
  return `${JSON.stringify(Object.keys($defs).length > 0 ? { tools: written, $defs } : { tools: written }, null, 2)}\n`;
}

/** Tools grouped into files by `groupOf` (file `<group>.json`), sorted by name within each. */
export function groupedSnapshots(
  tools: readonly Tool[],
  groupOf: (tool: Tool) => string,
): Map<string, string> {
  const groups = new Map<string, Tool[]>();
  for (const tool of tools) groups.set(groupOf(tool), [...(groups.get(groupOf(tool)) ?? []), tool]);
  const files = new Map<string, string>();
  for (const group of [...groups.keys()].sort())
    files.set(
      `${group}.json`,
      snapshotText([...groups.get(group)!].sort((a, b) => a.name.localeCompare(b.name))),
    );
  return files;
}

/**
 * Tools by toolset, for the all-toolsets listing: curated (hand-written) tools in `curated.json`, a generated
 * tool in its operation's toolset file, anything else (the contract's own tool) in `server.json`.
 */
export function toolsetSnapshots(
  tools: readonly Tool[],
  curated: ReadonlySet<string>,
  catalog: Catalog,
): Map<string, string> {
  const toolsetOf = new Map(catalog.operations.map((op) => [operationKey(catalog, op), op.toolset]));
  return groupedSnapshots(tools, (tool) => {
    if (curated.has(tool.name)) return 'curated';
    const [op] = declaredOperations(tool) ?? [];
    return (op && toolsetOf.get(operationKey(catalog, { meta: op }))) ?? 'server';
  });
}

/**
 * Compares `files` with the folder (any other .json there is stale), or writes them when
 * OBMCP_UPDATE_SNAPSHOTS=1. Returns the drifted file names (empty when current or just written).
 */
export function syncSnapshots(folder: URL, files: ReadonlyMap<string, string>): string[] {
  const dir = fileURLToPath(folder);
  if (process.env[UPDATE_SNAPSHOTS_ENV] !== '1') return staleFiles(dir, files, '.json');
  writeFolder(dir, files, '.json');
  return [];
}

/** The failure message of a drifted snapshot folder. */
export function driftMessage(folder: URL, drifted: readonly string[]): string {
  return `tools/list changed: ${fileURLToPath(folder)} ${drifted.slice(0, 8).join(', ')}${drifted.length > 8 ? ' …' : ''} differ. Run \`${SNAPSHOTS_COMMAND}\` and review the diff.`;
}
