// The models' static-sandbox canned requests (`x-amzn-api-sandbox.static` of 2xx responses), read
// straight from the vendored SP-API model files, independent of the generator.
import { listSpecFiles, readSpec } from '@obmcp/upstream-specs';

interface Responses {
  [status: string]: { 'x-amzn-api-sandbox'?: { static?: Array<{ request?: { parameters?: object } }> } };
}

export interface CannedOperation {
  /** The operation has at least one 2xx canned case. */
  hasCase: boolean;
  /** Parameter name → value of the first 2xx case that names a value (undefined: none does). */
  values?: Record<string, unknown>;
  /** Name of the Swagger body parameter, if any. */
  bodyName?: string;
}

/** `<model file stem> <operationId>` → its canned 2xx request. */
export function cannedOperations(): Map<string, CannedOperation> {
  const out = new Map<string, CannedOperation>();
  for (const file of listSpecFiles('sp-api')) {
    const doc = readSpec(file) as unknown as {
      paths: Record<
        string,
        Record<
          string,
          { operationId?: string; responses?: Responses; parameters?: Array<{ in?: string; name?: string }> }
        >
      >;
    };
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item)) {
        if (!op?.operationId) continue;
        const statuses = Object.keys(op.responses ?? {})
          .filter((s) => /^2/.test(s))
          .sort();
        const cases = statuses.flatMap((s) => op.responses?.[s]?.['x-amzn-api-sandbox']?.static ?? []);
        let values: Record<string, unknown> | undefined;
        for (const c of cases) {
          const named = Object.entries((c.request?.parameters ?? {}) as Record<string, { value?: unknown }>)
            .filter(([, p]) => p && 'value' in p)
            .map(([name, p]) => [name, p.value] as const);
          if (named.length > 0) {
            values = Object.fromEntries(named);
            break;
          }
        }
        const bodyName = op.parameters?.find((p) => p.in === 'body')?.name;
        out.set(`${file.stem} ${op.operationId}`, {
          hasCase: cases.length > 0,
          ...(values ? { values } : {}),
          ...(bodyName ? { bodyName } : {}),
        });
      }
  }
  return out;
}
