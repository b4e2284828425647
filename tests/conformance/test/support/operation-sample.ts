// A deterministic sample of listed tools with one tool per upstream API (the `api` of `_meta["io.obmcp/operation"]`).
import type { Tool } from '@modelcontextprotocol/client';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type AppName, REPO_ROOT } from '@obmcp/test-kit';
import { isTestHook } from '../../src/index.js';

export const OPERATION_META_KEY = 'io.obmcp/operation';

export interface OperationMeta {
  api: string;
  operationId: string;
  method: string;
  path: string;
}

export function operationOf(tool: Tool): OperationMeta | undefined {
  const meta = tool._meta?.[OPERATION_META_KEY] as Partial<OperationMeta> | undefined;
  return typeof meta?.api === 'string' ? (meta as OperationMeta) : undefined;
}

/** The apps built on the shared generator: their catalog is one `<api>.catalog.json` per API. */
const CATALOG_APPS: ReadonlySet<AppName> = new Set(['sp-mcp', 'ads-mcp']);
const SUFFIX = '.catalog.json';

/** Every API (model file / spec file stem) of an app's generated catalog, sorted. */
export function catalogApis(app: AppName): string[] {
  if (!CATALOG_APPS.has(app)) return [];
  return readdirSync(join(REPO_ROOT, 'apps', app, 'generated', 'catalog'))
    .filter((f) => f.endsWith(SUFFIX))
    .map((f) => f.slice(0, -SUFFIX.length))
    .sort();
}

/** A tool that only reads is preferred: the fault matrix judges what reads and writes have in common. */
const rank = (t: Tool) => (t.annotations?.readOnlyHint === true ? 0 : 1);

/**
 * One tool per API: its first read-only tool by name, else its first tool by name. Test hooks and tools
 * without an operation are left out.
 */
export function onePerApi(tools: readonly Tool[]): Map<string, Tool> {
  const byApi = new Map<string, Tool>();
  const ordered = [...tools]
    .filter((t) => !isTestHook(t) && operationOf(t))
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  for (const tool of ordered) {
    const api = operationOf(tool)!.api;
    if (!byApi.has(api)) byApi.set(api, tool);
  }
  return byApi;
}
