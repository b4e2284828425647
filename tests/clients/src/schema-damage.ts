// What a client library's schema conversion lost between the published inputSchema and the wire schema.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The kinds of constraint a conversion can lose, counted per tool (see schemaFacts). */
export const LOSS_KINDS = [
  'parameters',
  'choices',
  'enums',
  'bounds',
  'types',
  'nullable',
  'patterns',
  'formats',
  'required',
  'closed',
  'narrowed',
] as const;
export type LossKind = (typeof LOSS_KINDS)[number];

/**
 * Every constraint of a schema as a fact `<kind> <path> <value>`; anyOf/oneOf branches add no path segment, so a
 * union's branches and a converter's merged node compare alike. `narrowed` facts are the open objects
 * (`additionalProperties: true` / `{}` / absent on a property-less object): lost when the wire closes them.
 */
export interface SchemaFacts {
  parameters: Set<string>;
  facts: Map<LossKind, string[]>;
  /** The distinct "exactly one of …" / "at least one of …" sentences: how a choice is stated. */
  choices: Set<string>;
}

export type Damage = Record<LossKind, number> & {
  /** Property paths the wire schema no longer has. */
  lostParameters: string[];
  /** One lost fact, for messages. */
  example?: string;
};

const BOUNDS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];
const CHOICE = /\b(?:exactly|at least) one of [^.]*\./gi;

/** Walks properties, items, additionalProperties and anyOf/oneOf branches. */
export function schemaFacts(schema: unknown): SchemaFacts {
  const facts = new Map<LossKind, string[]>(LOSS_KINDS.map((k) => [k, []]));
  const add = (kind: LossKind, path: string, value: unknown = '') =>
    facts.get(kind)?.push(`${path} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const out: SchemaFacts = { parameters: new Set(), facts, choices: new Set() };
  const visit = (node: unknown, path: string, depth: number) => {
    if (!isObject(node) || depth > 40) return;
    if (Array.isArray(node['enum'])) add('enums', path, [...(node['enum'] as unknown[])].map(String).sort());
    for (const key of BOUNDS) if (typeof node[key] === 'number') add('bounds', path, `${key}=${node[key]}`);
    if (typeof node['pattern'] === 'string') add('patterns', path, node['pattern']);
    if (typeof node['format'] === 'string') add('formats', path, node['format']);
    const types = (Array.isArray(node['type']) ? node['type'] : [node['type']]).filter(
      (t): t is string => typeof t === 'string',
    );
    for (const t of types) add(t.toLowerCase() === 'null' ? 'nullable' : 'types', path, t.toLowerCase());
    if (node['nullable'] === true) add('nullable', path, 'null');
    if (typeof node['description'] === 'string')
      for (const sentence of node['description'].match(CHOICE) ?? []) out.choices.add(sentence);
    if (Array.isArray(node['required'])) for (const name of node['required']) add('required', path, name);
    const extra = node['additionalProperties'];
    if (extra === false) add('closed', path);
    const declared = isObject(node['properties']) ? Object.keys(node['properties']).length : 0;
    const isObjectType = types.some((t) => t.toLowerCase() === 'object');
    if (
      isObjectType &&
      depth > 0 &&
      declared === 0 &&
      (extra === undefined || extra === true || isEmpty(extra))
    )
      add('narrowed', path);
    if (isObject(node['properties']))
      for (const [name, sub] of Object.entries(node['properties'])) {
        const next = path === '' ? name : `${path}.${name}`;
        out.parameters.add(next);
        visit(sub, next, depth + 1);
      }
    if (node['items'] !== undefined) visit(node['items'], `${path}[]`, depth + 1);
    if (isObject(extra)) visit(extra, `${path}{}`, depth + 1);
    for (const key of ['anyOf', 'oneOf'])
      if (Array.isArray(node[key]))
        for (const branch of node[key] as unknown[]) visit(branch, path, depth + 1);
  };
  visit(schema, '', 0);
  return out;
}

const isEmpty = (value: unknown) => isObject(value) && Object.keys(value).length === 0;

/** Facts of `before` missing from `after`, as a multiset difference. */
function missing(before: readonly string[], after: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const f of after) left.set(f, (left.get(f) ?? 0) + 1);
  return before.filter((f) => {
    const n = left.get(f) ?? 0;
    if (n === 0) return true;
    left.set(f, n - 1);
    return false;
  });
}

export interface DamageOptions {
  /**
   * The wire field cannot state `additionalProperties` (Gemini's `parameters`): closed objects are not counted
   * as lost, and an open object counts as narrowed only when the wire says `additionalProperties: false`.
   */
  noAdditionalProperties?: boolean;
}

/**
 * What `wire` lost against `published`. An enum counts as kept only when the wire still lists it (a description
 * naming the values is not a constraint the client or provider checks).
 */
export function schemaDamage(published: unknown, wire: unknown, options: DamageOptions = {}): Damage {
  const before = schemaFacts(published);
  const after = schemaFacts(wire);
  const damage = { lostParameters: [...before.parameters].filter((p) => !after.parameters.has(p)) } as Damage;
  damage.parameters = damage.lostParameters.length;
  damage.choices = [...before.choices].filter((sentence) => !after.choices.has(sentence)).length;
  const closedOnWire = new Set((after.facts.get('closed') ?? []).map((f) => f.trim()));
  for (const kind of LOSS_KINDS) {
    if (kind === 'parameters' || kind === 'choices') continue;
    let lost = missing(before.facts.get(kind) ?? [], after.facts.get(kind) ?? []);
    if (kind === 'closed' && options.noAdditionalProperties) lost = [];
    // Narrowed = an open object the wire closed (a field that cannot say "open" at all only drops the word).
    if (kind === 'narrowed') lost = (before.facts.get(kind) ?? []).filter((f) => closedOnWire.has(f.trim()));
    damage[kind] = lost.length;
    if (lost.length > 0) damage.example ??= `${kind} ${lost[0]}`;
  }
  if (damage.lostParameters.length > 0) damage.example = `parameter ${damage.lostParameters[0]}`;
  return damage;
}

export const isDamaged = (d: Damage) => LOSS_KINDS.some((kind) => d[kind] > 0);

/**
 * Nested objects that may hold any keys with any values (`{type: "object"}` with no properties, also the object
 * branch of "any JSON value"): Gemini's `parameters` cannot state them, so LangChain's Gemini path sends them as
 * a property-less OBJECT (the reported rule †). Typed maps are published as entries and are not counted here.
 */
export function hasFreeFormObject(schema: unknown): boolean {
  let found = false;
  const visit = (node: unknown, root: boolean, depth: number) => {
    if (found || !isObject(node) || depth > 40) return;
    const properties = isObject(node['properties']) ? Object.keys(node['properties']) : [];
    if (!root && node['type'] === 'object' && properties.length === 0) found = true;
    if (isObject(node['properties']))
      for (const sub of Object.values(node['properties'])) visit(sub, false, depth + 1);
    if (node['items'] !== undefined) visit(node['items'], false, depth + 1);
    if (isObject(node['additionalProperties'])) visit(node['additionalProperties'], false, depth + 1);
    for (const key of ['anyOf', 'oneOf'])
      if (Array.isArray(node[key]))
        for (const branch of node[key] as unknown[]) visit(branch, false, depth + 1);
  };
  visit(schema, true, 0);
  return found;
}

/**
 * Free-form objects a parent requires: mcp-use 1.x writes these as closed empty objects on the wire whatever the
 * published form (its own argument check still accepts any keys), so the model is told "no keys".
 */
export function requiredFreeFormCount(schema: unknown): number {
  let count = 0;
  const visit = (node: unknown, depth: number) => {
    if (!isObject(node) || depth > 40) return;
    const required = Array.isArray(node['required']) ? (node['required'] as unknown[]) : [];
    if (isObject(node['properties']))
      for (const [name, sub] of Object.entries(node['properties'])) {
        const open =
          isObject(sub) &&
          sub['type'] === 'object' &&
          !isObject(sub['properties']) &&
          sub['additionalProperties'] === true;
        if (open && required.includes(name)) count++;
        visit(sub, depth + 1);
      }
    if (node['items'] !== undefined) visit(node['items'], depth + 1);
    for (const key of ['anyOf', 'oneOf'])
      if (Array.isArray(node[key])) for (const branch of node[key] as unknown[]) visit(branch, depth + 1);
  };
  visit(schema, 0);
  return count;
}
