// Converts a Swagger 2.0 / OpenAPI 3.0 schema object into a self-contained JSON Schema for ajv.
// Handles `$ref`s left in place (circular refs), cycles, `nullable`, readOnly/writeOnly per direction.

export type Json = Record<string, unknown>;
/** `request`: readOnly properties are not required; `response`: writeOnly properties are not required. */
export type Direction = 'request' | 'response';

const DROP = new Set([
  'example',
  'examples',
  'xml',
  'externalDocs',
  'discriminator',
  'deprecated',
  'description',
  'title',
  'nullable',
  'readOnly',
  'writeOnly',
  'collectionFormat',
  'in',
  'name',
  'allowEmptyValue',
  'style',
  'explode',
]);
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SUBSCHEMA_ONE = ['not', 'additionalProperties', 'additionalItems', 'contains', 'propertyNames'];

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Resolves a local `#/…` JSON pointer in `root`. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Follows `$ref` chains (local `#/…` pointers) to the schema object. */
export function deref(root: unknown, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < 20 && isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    current = resolvePointer(root, current.$ref);
  }
  return current;
}

/** The subschemas directly below a schema node (before `$ref` resolution). */
function children(node: Json): unknown[] {
  const out: unknown[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (DROP.has(key) || key.startsWith('x-')) continue;
    if (SUBSCHEMA_MAPS.includes(key) && isObject(value)) out.push(...Object.values(value));
    else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) out.push(...value);
    else if (SUBSCHEMA_ONE.includes(key) && isObject(value)) out.push(value);
    else if (key === 'items') out.push(...(Array.isArray(value) ? value : [value]));
  }
  return out;
}

/** Worth a shared definition when reached twice: anything structured (not a bare scalar). */
function structured(node: Json): boolean {
  return ['properties', 'allOf', 'anyOf', 'oneOf', 'items', 'additionalProperties'].some((k) => k in node);
}

class Converter {
  private readonly names = new Map<object, string>();
  private readonly onStack = new Set<object>();
  private readonly done = new Map<object, Json>();
  private readonly inDegree = new Map<object, number>();
  readonly defs: Json = {};

  constructor(
    private readonly root: unknown,
    private readonly direction: Direction,
  ) {}

  /** Counts how often each schema object is reached: shared ones become `$defs` (compiled once). */
  count(input: unknown): void {
    const stack: unknown[] = [input];
    while (stack.length > 0) {
      const node = deref(this.root, stack.pop());
      if (!isObject(node)) continue;
      const seen = (this.inDegree.get(node) ?? 0) + 1;
      this.inDegree.set(node, seen);
      if (seen === 1) stack.push(...children(node));
    }
  }

  convert(input: unknown): unknown {
    if (typeof input === 'boolean') return input;
    const node = deref(this.root, input);
    if (!isObject(node)) return {};
    const named = this.names.get(node);
    if (named) return { $ref: `#/$defs/${named}` };
    const shared = (this.inDegree.get(node) ?? 0) > 1 && structured(node);
    if (shared || this.onStack.has(node)) {
      const name = `n${this.names.size}`;
      this.names.set(node, name);
      if (this.onStack.has(node)) return { $ref: `#/$defs/${name}` };
      this.onStack.add(node);
      this.defs[name] = this.convertBody(node);
      this.onStack.delete(node);
      return { $ref: `#/$defs/${name}` };
    }
    const cached = this.done.get(node);
    if (cached) return cached;
    this.onStack.add(node);
    const out = this.convertBody(node);
    this.onStack.delete(node);
    const name = this.names.get(node);
    if (name) {
      this.defs[name] = out;
      return { $ref: `#/$defs/${name}` };
    }
    this.done.set(node, out);
    return out;
  }

  private convertBody(node: Json): Json {
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROP.has(key) || key.startsWith('x-') || key === '$ref') continue;
      if (SUBSCHEMA_MAPS.includes(key) && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.convert(v)]));
      } else if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) {
        out[key] = value.map((v) => this.convert(v));
      } else if (SUBSCHEMA_ONE.includes(key) && (isObject(value) || typeof value === 'boolean')) {
        out[key] = this.convert(value);
      } else if (key === 'items') {
        out.items = Array.isArray(value) ? value.map((v) => this.convert(v)) : this.convert(value);
      } else if (key === 'type' && value === 'file') {
        // Swagger 2.0 `file`: no JSON constraint.
      } else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') {
        const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
        if (value && typeof node[bound] === 'number') out[key] = node[bound];
      } else if (key === 'required') {
        // Swagger 2.0 parameter objects carry a boolean `required`: not a schema keyword.
        if (Array.isArray(value))
          out.required = value.filter((name) => !this.skipRequired(node, String(name)));
      } else {
        out[key] = value;
      }
    }
    if (node.exclusiveMinimum === true) delete out.minimum;
    if (node.exclusiveMaximum === true) delete out.maximum;
    if (node.nullable === true || node['x-nullable'] === true) return nullable(out);
    return out;
  }

  /** readOnly properties are not required in requests, writeOnly ones not in responses. */
  private skipRequired(node: Json, name: string): boolean {
    const props = isObject(node.properties) ? node.properties : undefined;
    const prop = props ? deref(this.root, props[name]) : undefined;
    if (!isObject(prop)) return false;
    return this.direction === 'request' ? prop.readOnly === true : prop.writeOnly === true;
  }
}

function nullable(schema: Json): Json {
  const out = { ...schema };
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (out.type === undefined && !out.enum) return { anyOf: [{ type: 'null' }, out] };
  return out;
}

/** A JSON Schema (draft-07 vocabulary, `$defs` for cycles) equivalent to the spec schema. */
export function toJsonSchema(schema: unknown, root: unknown, direction: Direction): Json {
  const converter = new Converter(root, direction);
  converter.count(schema);
  const converted = converter.convert(schema);
  const top: Json = isObject(converted) ? { ...converted } : {};
  if (Object.keys(converter.defs).length > 0) top.$defs = { ...(top.$defs as Json), ...converter.defs };
  return top;
}
