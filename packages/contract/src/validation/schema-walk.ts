// Resolves ajv schemaPaths back into the tool schema (for did-you-mean candidates).
import { isPlainObject } from './json-type.js';

const isSchema = isPlainObject;

/** '#/properties/filters/items/additionalProperties' → the schema at '#/properties/filters/items'. */
export function schemaAt(root: unknown, schemaPath: string): unknown {
  return walk(root, segmentsOf(schemaPath));
}

/** '#/properties/a~1b' → ['properties', 'a~1b'] (still escaped). */
function segmentsOf(schemaPath: string): string[] {
  return schemaPath
    .replace(/^#\/?/, '')
    .split('/')
    .filter((s) => s !== '');
}

function walk(root: unknown, segments: readonly string[]): unknown {
  let current: unknown = root;
  for (const raw of segments) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isSchema(current)) current = current[key];
    else return undefined;
  }
  return current;
}

/** Property names of the object schema that owns a keyword at `schemaPath`. */
export function siblingKeys(root: unknown, schemaPath: string): string[] {
  const owner = schemaAt(root, schemaPath.split('/').slice(0, -1).join('/'));
  return isSchema(owner) && isSchema(owner.properties) ? Object.keys(owner.properties) : [];
}

/** The sub-schema for an object property, an array's items, through simple combinators. */
export function childSchema(schema: unknown, key: string | number): unknown {
  if (!isSchema(schema)) return undefined;
  if (typeof key === 'number') {
    if (Array.isArray(schema.prefixItems) && key < schema.prefixItems.length) return schema.prefixItems[key];
    return isSchema(schema.items) ? schema.items : undefined;
  }
  if (isSchema(schema.properties) && Object.hasOwn(schema.properties, key)) return schema.properties[key];
  return undefined;
}

/**
 * The sub-schema the published view shows for a key or an item: the node's own `properties`/`items`, else the
 * first `allOf`, `oneOf` or `anyOf` branch that declares it (derivePortableSchema merges those branches into
 * the node in that order), so a map inside a merged branch is decoded as it is published.
 */
export function publishedChild(schema: unknown, key: string | number, depth = 0): unknown {
  if (!isSchema(schema) || depth > 8) return undefined;
  const own = childSchema(schema, key);
  if (own !== undefined) return own;
  for (const combinator of ['allOf', 'oneOf', 'anyOf'] as const) {
    const branches = schema[combinator];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const found = publishedChild(branch, key, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Declared JSON types of a schema (type keyword, or the branches of anyOf/oneOf). */
export function declaredTypes(schema: unknown): string[] {
  if (!isSchema(schema)) return [];
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  const branches = [
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
  ];
  return branches.flatMap(declaredTypes);
}

export function propertyNames(schema: unknown): string[] {
  return isSchema(schema) && isSchema(schema.properties) ? Object.keys(schema.properties) : [];
}

export function allowsExtra(schema: unknown): boolean {
  if (!isSchema(schema)) return true;
  return schema.additionalProperties !== false && schema.unevaluatedProperties !== false;
}

/** The nearest `description` on the schemaPath below the root (the root's is the tool's own text). */
export function describedBy(root: unknown, schemaPath: string): string | undefined {
  const segments = segmentsOf(schemaPath);
  for (let n = segments.length; n >= 1; n--) {
    const node = walk(root, segments.slice(0, n));
    if (isSchema(node) && typeof node.description === 'string') return node.description;
  }
  return undefined;
}
