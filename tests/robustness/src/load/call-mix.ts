// A mixed workload for one server: valid upstream reads, renamed keys, bad args, unknown tools (round-robin).
import { firstExample, type ListedTool } from '../fuzz/tool-selection.js';

export type CallKind = 'valid' | 'renamed' | 'bad_args' | 'unknown_tool';
export interface PlannedCall {
  kind: CallKind;
  tool: string;
  args: Record<string, unknown>;
}

/** Read-only tools that reach the upstream (the conformance suite's rule). */
export function upstreamReads(tools: readonly ListedTool[]): ListedTool[] {
  return tools.filter((t) => t.annotations?.readOnlyHint === true && t.annotations?.openWorldHint === true);
}

const capitalize = (k: string) => k.charAt(0).toUpperCase() + k.slice(1);

export function planCalls(tools: readonly ListedTool[], count: number): PlannedCall[] {
  const reads = upstreamReads(tools);
  if (reads.length === 0) throw new Error('no upstream read tools to load');
  const renamable = reads.filter((t) => Object.keys(firstExample(t)).length > 0);
  const plan: PlannedCall[] = [];
  for (let i = 0; plan.length < count; i++) {
    const tool = reads[i % reads.length]!;
    const example = firstExample(tool);
    switch (i % 5) {
      case 0:
      case 1:
        plan.push({ kind: 'valid', tool: tool.name, args: example });
        break;
      case 2: {
        const r = renamable[i % Math.max(1, renamable.length)];
        if (!r) break;
        const ex = firstExample(r);
        const [k0] = Object.keys(ex);
        const renamed = Object.fromEntries(
          Object.entries(ex).map(([k, v]) => [k === k0 ? capitalize(k) : k, v]),
        );
        plan.push({ kind: 'renamed', tool: r.name, args: renamed });
        break;
      }
      case 3:
        plan.push({ kind: 'bad_args', tool: tool.name, args: { ...example, zzz_not_a_field: i } });
        break;
      default:
        plan.push({ kind: 'unknown_tool', tool: `no_such_tool_${i}`, args: {} });
    }
  }
  return plan;
}
