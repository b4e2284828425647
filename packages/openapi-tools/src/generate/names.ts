// Tool names: snake_case from the operationId, qualified by toolset and/or version where names collide.

/** `getOrderItemsBuyerInfo` → `get_order_items_buyer_info`; `SP-API` style acronyms kept together. */
export function snakeCase(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_+/g, '_')
    .toLowerCase();
}

export interface NameCandidate {
  base: string;
  toolset: string;
  /** API version label (`v0`, `2021_08_01`), '' when unknown. */
  version: string;
  /** Stable tiebreak for a last-resort numeric suffix (e.g. `POST /path`). */
  order: string;
}

/** Longest tool name many MCP clients accept. */
export const MAX_TOOL_NAME = 64;

/**
 * Unique names. A base used once stays bare. Colliding bases get `_<toolset>` when the group spans
 * toolsets and `_<version>` when versions differ; anything still equal gets `_2`, `_3`… by `order`.
 */
export function assignNames(candidates: readonly NameCandidate[]): string[] {
  const byBase = new Map<string, number[]>();
  candidates.forEach((c, i) => {
    const list = byBase.get(c.base) ?? [];
    list.push(i);
    byBase.set(c.base, list);
  });
  const names: string[] = candidates.map((c) => c.base);
  for (const indices of byBase.values()) {
    if (indices.length < 2) continue;
    const group = indices.map((i) => candidates[i]!);
    const toolsets = new Set(group.map((c) => c.toolset));
    for (const i of indices) {
      const c = candidates[i]!;
      const sameToolset = group.filter((g) => g.toolset === c.toolset);
      const versions = new Set(sameToolset.map((g) => g.version));
      const qualify = (toolset: string) => {
        const parts = [c.base];
        if (toolsets.size > 1) parts.push(toolset);
        if (versions.size > 1 && c.version) parts.push(c.version);
        return parts.join('_');
      };
      const full = qualify(snakeCase(c.toolset));
      names[i] = full.length <= MAX_TOOL_NAME ? full : qualify(abbreviate(c.toolset));
    }
  }
  const seen = new Map<string, number[]>();
  names.forEach((n, i) => {
    const bounded = n.length <= MAX_TOOL_NAME ? n : n.slice(0, MAX_TOOL_NAME - 3).replace(/_+$/, '');
    names[i] = bounded;
    seen.set(bounded, [...(seen.get(bounded) ?? []), i]);
  });
  for (const [name, indices] of seen) {
    if (indices.length < 2) continue;
    const sorted = [...indices].sort((a, b) => candidates[a]!.order.localeCompare(candidates[b]!.order));
    sorted.forEach((i, k) => {
      if (k > 0) names[i] = `${name}_${k + 1}`;
    });
  }
  return names;
}

/** `vendor-direct-fulfillment-shipping` → `vdf_shipping`: initials of all words but the last. */
export function abbreviate(toolset: string): string {
  const words = snakeCase(toolset).split('_');
  if (words.length < 3) return words.join('_');
  return `${words
    .slice(0, -1)
    .map((w) => w.charAt(0))
    .join('')}_${words[words.length - 1]}`;
}

/** `v0`, `2021_08_01` … from a path segment (`/orders/v0/…`, `/reports/2021-06-30/…`), else from the file stem. */
export function versionLabel(path: string, stem: string): string {
  for (const segment of path.split('/')) {
    if (/^v\d+$/i.test(segment)) return segment.toLowerCase();
    if (/^\d{4}-\d{2}-\d{2}$/.test(segment)) return segment.replace(/-/g, '_');
  }
  const m = /(?:[_-]?)(v\d+|\d{4}-\d{2}-\d{2})$/i.exec(stem);
  return m ? m[1]!.toLowerCase().replace(/-/g, '_') : '';
}

/** `getOrderItems` → `Get order items`. */
export function titleOf(operationId: string): string {
  const words = snakeCase(operationId).split('_');
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
