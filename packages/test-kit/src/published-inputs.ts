// Bad inputs generated from a tool's PUBLISHED inputSchema, and a resolver that says whether a detail path points into it.

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A small seeded PRNG (mulberry32): the sample of tools and mutations is reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The published node(s) a JSON-pointer-like path (no leading slash) reaches: properties, items, anyOf branches. */
export function publishedNodesAt(schema: unknown, path: string): Node[] {
  let nodes: Node[] = isNode(schema) ? [schema] : [];
  for (const raw of path === '' ? [] : path.split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const next: Node[] = [];
    const visit = (node: Node): void => {
      if (Array.isArray(node.anyOf)) for (const b of node.anyOf) if (isNode(b)) visit(b);
      const props = node.properties;
      if (isNode(props) && Object.hasOwn(props, segment) && isNode(props[segment])) next.push(props[segment]);
      else if (isNode(node.additionalProperties) && node.type === 'object')
        next.push(node.additionalProperties);
      if (/^\d+$/.test(segment) && isNode(node.items)) next.push(node.items);
    };
    for (const n of nodes) visit(n);
    nodes = next;
    if (nodes.length === 0) break;
  }
  return nodes;
}

/** The JSON types a published node accepts (its `type`, or its anyOf branches'). */
function publishedTypes(node: Node): string[] {
  const own = typeof node.type === 'string' ? [node.type] : [];
  const branches = Array.isArray(node.anyOf) ? node.anyOf.filter(isNode).flatMap(publishedTypes) : [];
  return [...own, ...branches];
}

/**
 * What an error detail must satisfy: its path (for an unknown key, its owner's path) resolves in the published
 * schema, and an `expected_type` is one the published node there declares (number and integer count as one).
 */
export function detailResolves(
  schema: unknown,
  detail: { path?: unknown; extra?: unknown; expected_type?: unknown },
): boolean {
  const path = typeof detail.path === 'string' ? detail.path : '';
  if (typeof detail.extra === 'string') {
    const owner = path.split('/').slice(0, -1).join('/');
    return publishedNodesAt(schema, owner).length > 0;
  }
  const nodes = publishedNodesAt(schema, path);
  if (nodes.length === 0) return false;
  if (typeof detail.expected_type !== 'string') return true;
  const numeric = (t: string) => (t === 'integer' ? 'number' : t);
  const published = new Set(nodes.flatMap(publishedTypes).map(numeric));
  return detail.expected_type.split('|').every((t) => published.has(numeric(t)));
}

function typeOf(node: Node): string | undefined {
  if (typeof node.type === 'string') return node.type;
  if (Array.isArray(node.anyOf)) {
    const first = node.anyOf.find((b) => isNode(b) && b.type !== 'null');
    return isNode(first) ? typeOf(first) : undefined;
  }
  return undefined;
}

/** A value of another JSON type than the node accepts. */
function wrongTypeFor(node: Node): unknown {
  const types = new Set(
    [node, ...(Array.isArray(node.anyOf) ? node.anyOf : [])].flatMap((n) =>
      isNode(n) && typeof n.type === 'string' ? [n.type] : [],
    ),
  );
  if (!types.has('boolean')) return true;
  if (!types.has('string')) return 'not-a-number';
  return { unexpected: 1 };
}

/** A published `[{key, value}]` list (an open map's published form). */
function isEntriesList(node: Node): boolean {
  const items = node.items;
  return (
    node.type === 'array' &&
    isNode(items) &&
    isNode(items.properties) &&
    Object.keys(items.properties).sort().join() === 'key,value'
  );
}

export interface BadInput {
  /** What was broken, for failure messages. */
  what: string;
  args: Record<string, unknown>;
}

/**
 * Bad inputs from a published example: at each published node the example reaches (down to `maxDepth`),
 * a value of the wrong type, a required key removed, an unknown key added to a closed object; each
 * `{key, value}` entries list gets a malformed entry (key not a string, value missing, an extra key).
 * Returns a seeded sample of at most `max`.
 */
export function badInputsFrom(
  schema: unknown,
  example: Record<string, unknown>,
  random: () => number,
  max = 4,
  maxDepth = 6,
): BadInput[] {
  const found: { what: string; mutate: (root: Record<string, unknown>) => void }[] = [];
  const visit = (node: Node, value: unknown, path: (string | number)[]): void => {
    if (path.length > maxDepth) return;
    const here = path.join('/') || '(root)';
    const branches = Array.isArray(node.anyOf) ? node.anyOf.filter(isNode) : [];
    const at = (
      root: Record<string, unknown>,
    ): { parent: Record<string | number, unknown>; key: string | number } | undefined => {
      let cur: unknown = root;
      for (const k of path.slice(0, -1)) cur = (cur as Record<string | number, unknown>)?.[k];
      const key = path[path.length - 1];
      return key === undefined || cur === null || typeof cur !== 'object'
        ? undefined
        : { parent: cur as Record<string | number, unknown>, key };
    };
    if (path.length > 0 && !(Array.isArray(node.enum) && node.enum.length === 0))
      found.push({
        what: `${here}: wrong type`,
        mutate: (r) => {
          const p = at(r);
          if (p) p.parent[p.key] = wrongTypeFor(node);
        },
      });
    const type = typeOf(node);
    const obj =
      type === 'object'
        ? node.type === 'object'
          ? node
          : (branches.find((b) => b.type === 'object') ?? node)
        : undefined;
    if (obj && isNode(value)) {
      const props = isNode(obj.properties) ? obj.properties : {};
      const required = Array.isArray(obj.required) ? obj.required.map(String) : [];
      for (const key of required)
        if (Object.hasOwn(value, key))
          found.push({
            what: `${here}: without required ${key}`,
            mutate: (r) => {
              const t = path.length === 0 ? r : (at(r)?.parent[at(r)!.key] as Node);
              if (isNode(t)) delete t[key];
            },
          });
      if (obj.additionalProperties === false)
        found.push({
          what: `${here}: unknown key`,
          mutate: (r) => {
            const t = path.length === 0 ? r : (at(r)?.parent[at(r)!.key] as Node);
            if (isNode(t)) t.zzUnknownKey = 1;
          },
        });
      for (const [key, child] of Object.entries(value))
        if (isNode(props[key])) visit(props[key] as Node, child, [...path, key]);
      // An entries list the example leaves out is still published: send it with one malformed entry.
      for (const [key, child] of Object.entries(props))
        if (!Object.hasOwn(value, key) && isNode(child) && isEntriesList(child))
          for (const entry of [{ key: 7, value: 'x' }, { key: 'k' }])
            found.push({
              what: `${here}/${key}: entry ${JSON.stringify(entry)}`,
              mutate: (r) => {
                const t = path.length === 0 ? r : (at(r)?.parent[at(r)!.key] as Node);
                if (isNode(t)) t[key] = [entry];
              },
            });
    }
    const arr =
      type === 'array'
        ? node.type === 'array'
          ? node
          : branches.find((b) => b.type === 'array')
        : undefined;
    if (arr && Array.isArray(value) && isNode(arr.items)) {
      const items = arr.items;
      if (isEntriesList(arr)) {
        const first = value[0];
        const sample = isNode(first) ? first.value : 'x';
        for (const [what, entry] of [
          ['entry key not a string', { key: 7, value: sample }],
          ['entry without value', { key: 'k' }],
          ['entry with an extra key', { key: 'k', value: sample, extra: 1 }],
        ] as const)
          found.push({
            what: `${here}: ${what}`,
            mutate: (r) => {
              const p = path.length === 0 ? undefined : at(r);
              const list = p?.parent[p.key];
              if (Array.isArray(list)) list.push(entry);
            },
          });
      }
      for (const [i, item] of value.slice(0, 2).entries()) visit(items, item, [...path, i]);
    }
  };
  if (isNode(schema)) visit(schema, example, []);
  const picked: BadInput[] = [];
  const pool = [...found];
  // Entries mutations always make the sample: they are the published transformation's own shape.
  const must = pool.filter((f) => f.what.includes('entry'));
  const rest = pool.filter((f) => !f.what.includes('entry'));
  while (rest.length > 0 && must.length + picked.length < max) {
    const [one] = rest.splice(Math.floor(random() * rest.length), 1);
    if (one) picked.push(apply(one, example));
  }
  return [...must.map((m) => apply(m, example)), ...picked];
}

function apply(
  m: { what: string; mutate: (root: Record<string, unknown>) => void },
  example: Record<string, unknown>,
): BadInput {
  const args = structuredClone(example);
  m.mutate(args);
  return { what: m.what, args };
}
