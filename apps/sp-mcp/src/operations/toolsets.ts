// SP_API_TOOLSETS: which tools tools/list shows. `curated` (default), API names, or `all`.
import { type Catalog, parseToolsets, toolsetsOf } from '@obmcp/openapi-tools';

/** The hand-written friendly tools (orders, catalog, reports …); always callable, listed when selected. */
export const CURATED_TOOLSET = 'curated';

/** Default: the curated tools only; every other operation is reachable through Code Mode. */
export const DEFAULT_SP_TOOLSETS = CURATED_TOOLSET;

export interface ToolsetSelection {
  curated: boolean;
  /** API names whose generated tools are listed, or 'all'. */
  apis: Set<string> | 'all';
}

/** Throws (a startup error naming the valid toolsets) on an unknown name. */
export function selectToolsets(value: string | undefined, catalog: Catalog): ToolsetSelection {
  const raw = value === undefined || value.trim() === '' ? DEFAULT_SP_TOOLSETS : value;
  const parsed = parseToolsets(raw, [CURATED_TOOLSET, ...toolsetsOf(catalog)]);
  if (parsed === 'all') return { curated: true, apis: 'all' };
  const curated = parsed.delete(CURATED_TOOLSET);
  return { curated, apis: parsed };
}

export function isListedApi(selection: ToolsetSelection, toolset: string): boolean {
  return selection.apis === 'all' || selection.apis.has(toolset);
}
