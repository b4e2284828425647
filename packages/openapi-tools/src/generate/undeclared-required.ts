// Finds names a request schema requires but never declares (a tool could not send them once strict mode closes the object).
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One required name no property, pattern or map of its object declares. */
export interface UndeclaredRequired {
  /** Where the object sits in the argument (`body`, `body/items/*`), slash-separated. */
  at: string;
  name: string;
}

const BRANCHES = ['allOf', 'anyOf', 'oneOf'] as const;

/** Property names a node declares itself or through its allOf/anyOf/oneOf branches. */
function declaredNames(node: Obj, seen: Set<object> = new Set()): Set<string> {
  const out = new Set<string>();
  if (seen.has(node)) return out;
  seen.add(node);
  if (isObj(node.properties)) for (const name of Object.keys(node.properties)) out.add(name);
  for (const key of BRANCHES) {
    const list = node[key];
    if (Array.isArray(list))
      for (const branch of list) if (isObj(branch)) for (const n of declaredNames(branch, seen)) out.add(n);
  }
  return out;
}

/** A name an open map (`additionalProperties: {schema}`) or a matching `patternProperties` key admits. */
function admitsByMap(node: Obj, name: string): boolean {
  if (isObj(node.additionalProperties)) return true;
  if (!isObj(node.patternProperties)) return false;
  return Object.keys(node.patternProperties).some((p) => {
    try {
      return new RegExp(p, 'u').test(name);
    } catch {
      return false;
    }
  });
}

/**
 * Every undeclared required name under a (dereferenced, possibly cyclic) request schema. A name counts as
 * declared when the object, one of its combinator branches, or the object the branch belongs to (an
 * `allOf` part requiring what a sibling declares) declares it.
 */
export function undeclaredRequired(schema: unknown, at: string): UndeclaredRequired[] {
  const out: UndeclaredRequired[] = [];
  const onPath = new Set<object>();
  // A node reached again with nothing inherited reports the same names: walked once (shared schemas).
  const done = new Set<object>();
  const walk = (node: unknown, where: string, inherited: ReadonlySet<string>): void => {
    if (!isObj(node) || onPath.has(node)) return;
    if (inherited.size === 0) {
      if (done.has(node)) return;
      done.add(node);
    }
    onPath.add(node);
    const own = declaredNames(node);
    const known = new Set([...inherited, ...own]);
    if (Array.isArray(node.required))
      for (const name of node.required)
        if (typeof name === 'string' && !known.has(name) && !admitsByMap(node, name))
          out.push({ at: where, name });
    for (const key of BRANCHES) {
      const list = node[key];
      if (Array.isArray(list)) for (const branch of list) walk(branch, where, known);
    }
    if (isObj(node.properties))
      for (const [name, sub] of Object.entries(node.properties)) walk(sub, `${where}/${name}`, new Set());
    if (isObj(node.items)) walk(node.items, `${where}/*`, new Set());
    if (isObj(node.additionalProperties)) walk(node.additionalProperties, `${where}/*`, new Set());
    onPath.delete(node);
  };
  walk(schema, at, new Set());
  return out;
}
