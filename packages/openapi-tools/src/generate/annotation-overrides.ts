// Which one-operation tools publish annotations other than their operation's: each app's binding test names them
// with a reason, so every difference is deliberate (the binder already refuses a tool restating the same ones).
import type { ToolInfo } from '@obmcp/contract';
import type { Catalog, OperationMeta } from '../catalog-types.js';
import { OPERATION_META_KEY } from '../catalog-types.js';
import { annotationsOf, sameAnnotations } from '../operation-annotations.js';

/** Names (sorted) of the listed tools declaring one operation of `catalog` whose annotations differ from its. */
export function annotationOverrides(tools: readonly ToolInfo[], catalog: Catalog): string[] {
  const key = (m: OperationMeta) => `${m.api} ${m.method} ${m.path}`; // an operationId may repeat in a spec
  const byKey = new Map(catalog.operations.map((op) => [key(op.meta), op]));
  return tools
    .filter((tool) => {
      const meta = tool._meta?.[OPERATION_META_KEY] as OperationMeta | undefined;
      const op = meta && byKey.get(key(meta));
      if (meta && !op) throw new Error(`${tool.name}: ${key(meta)} is not in the ${catalog.family} catalog`);
      return op !== undefined && !sameAnnotations(tool.annotations ?? {}, annotationsOf(op));
    })
    .map((tool) => tool.name)
    .sort();
}
