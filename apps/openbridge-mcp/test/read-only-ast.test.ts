// statementFacts on hand-made AST nodes (the shapes node-sql-parser produces): every form outside a read and every
// call off the allow-list is seen wherever it sits, side effects by kind, SELECT INTO, LIMIT/TOP, SELECT *, the walk's bounds.
import { describe, expect, it } from 'vitest';
import { functionName, statementFacts } from '../src/sql/read-only-ast.js';

const WRITE_TYPES = [
  'insert',
  'replace',
  'update',
  'delete',
  'merge',
  'create',
  'drop',
  'alter',
  'truncate',
  'rename',
  'grant',
  'revoke',
  'call',
  'exec',
  'execute',
  'lock',
  'unlock',
  'set',
  'use',
  'transaction',
  'copy',
  'load_data',
  'declare',
  'deallocate',
  'comment',
  'show',
  'explain',
  'some_form_never_seen',
];

/** [name, side effect]: each kind of side effect by a name, a prefix or a qualified name. */
const SIDE_EFFECTS = [
  ['pg_sleep', 'sleep'],
  ['pg_sleep_for', 'sleep'],
  ['system$wait', 'sleep'],
  ['nextval', 'sequence'],
  ['setval', 'sequence'],
  ['reflect', 'reflection'],
  ['java_method', 'reflection'],
  ['secret', 'secret'],
  ['http_request', 'external_access'],
  ['ai_query', 'external_access'],
  ['ai_summarize', 'external_access'],
  ['external_query', 'external_access'],
  ['dblink_exec', 'external_access'],
  ['lo_import', 'external_access'],
  ['system$cancel_query', 'external_access'],
  ['pg_file_unlink', 'external_access'],
  ['pg_ls_dir', 'external_access'],
  ['set_config', 'admin'],
  ['pg_terminate_backend', 'admin'],
  ['pg_stat_reset_shared', 'admin'],
  ['pg_logical_slot_get_changes', 'admin'],
  ['pg_copy_logical_replication_slot', 'admin'],
  ['pg_backup_start', 'admin'],
  ['pg_wal_replay_pause', 'admin'],
  ['pg_advisory_lock', 'admin'],
  ['pg_try_advisory_lock', 'admin'],
  ['pg_create_restore_point', 'admin'],
  ['pg_drop_replication_slot', 'admin'],
  ['pg_replication_origin_create', 'admin'],
  ['txid_current', 'admin'],
] as const;

const select = (extra: Record<string, unknown> = {}) => ({ type: 'select', columns: [], ...extra });
const call = (name: unknown, type = 'function') => select({ columns: [{ expr: { type, name } }] });
const facts = (statement: unknown) => statementFacts(statement, 'redshift');

describe('statementFacts: forms outside a read', () => {
  it.each(WRITE_TYPES)('sees a %s node anywhere, in any case', (type) => {
    const nested = select({ with: [{ stmt: { ast: { type: type.toUpperCase() } } }] });
    expect(facts(nested)).toMatchObject({ kind: 'select', forms: [type] });
    expect(facts({ type })).toMatchObject({ kind: type, forms: [type], bounded: false, star: false });
  });

  it('a plain read has no other form, no call off the list and no INTO', () => {
    const read = select({
      from: [{ table: 't' }],
      where: { type: 'binary_expr', left: { type: 'column_ref', column: 'a' }, right: { type: 'number' } },
      columns: [
        { expr: { type: 'aggr_func', name: 'COUNT' } },
        { expr: { type: 'window_func', name: 'RANK' } },
      ],
    });
    expect(facts(read)).toStrictEqual({
      kind: 'select',
      forms: [],
      selectInto: false,
      sideEffects: [],
      unlisted: [],
      bounded: false,
      star: false,
    });
  });

  it('SELECT … INTO only when into has a position', () => {
    expect(facts(select({ into: { position: 'column' } })).selectInto).toBe(true);
    expect(facts(select({ from: [select({ into: { position: 'end' } })] })).selectInto).toBe(true);
    expect(facts(select({ into: { position: null } })).selectInto).toBe(false);
    expect(facts(select({ into: {} })).selectInto).toBe(false);
    expect(facts({ type: 'insert', into: { position: 'column' } }).selectInto).toBe(false);
  });
});

/** The node types a read is made of, spelled out here: each one alone keeps a SELECT a read. */
const READ_FORMS = [
  'select',
  'column_ref',
  'star',
  'expr',
  'expr_list',
  'binary_expr',
  'unary_expr',
  'window',
  'case',
  'when',
  'else',
  'cast',
  'extract',
  'interval',
  'default',
  'origin',
  'number',
  'bigint',
  'bool',
  'null',
  'single_quote_string',
  'double_quote_string',
  'backticks_quote_string',
  'string',
  'date',
  'time',
  'timestamp',
  'datetime',
  'array',
  'struct',
  'unnest',
  'flatten',
  'flattern',
  'input',
  'values',
  'var',
  'param',
  'except',
  'asc',
  'desc',
  'distinct',
];

describe('statementFacts: read forms', () => {
  it.each(READ_FORMS)('a %s node (any case) keeps a SELECT a read', (type) => {
    for (const t of [type, type.toUpperCase()])
      expect(facts(select({ columns: [{ expr: { type: t } }] })).forms, t).toEqual([]);
  });
});

describe('statementFacts: calls', () => {
  it.each(SIDE_EFFECTS)(
    'sees %s as a %s side effect, named plainly, qualified or as an aggregate',
    (name, effect) => {
      expect(facts(call(name.toUpperCase())).sideEffects).toEqual([{ function: name, effect }]);
      const qualified = {
        name: [
          { type: 'default', value: 'pg_catalog' },
          { type: 'default', value: name },
        ],
      };
      expect(facts(call(qualified)).sideEffects).toEqual([{ function: `pg_catalog.${name}`, effect }]);
      expect(facts(call(name, 'aggr_func')).sideEffects).toEqual([{ function: name, effect }]);
      expect(facts(call(name, 'window_func')).sideEffects).toEqual([{ function: name, effect }]);
    },
  );

  it("Snowflake's seq.NEXTVAL (a column to the grammar) is a sequence side effect", () => {
    for (const column of ['NEXTVAL', { expr: { type: 'default', value: 'nextval' } }, 'currval'])
      expect(
        facts(select({ columns: [{ expr: { type: 'column_ref', table: 's', column } }] })).sideEffects,
      ).toEqual([
        { function: typeof column === 'string' ? column.toLowerCase() : 'nextval', effect: 'sequence' },
      ]);
    expect(
      facts(select({ columns: [{ expr: { type: 'column_ref', column: 'next_val' } }] })).sideEffects,
    ).toEqual([]);
    expect(
      facts(select({ columns: [{ expr: { type: 'column_ref', column: { expr: 7 } } }] })).sideEffects,
    ).toEqual([]);
  });

  it('a call off the warehouse allow-list is named; built-ins and their built-in namespaces are not', () => {
    expect(facts(call('my_udf')).unlisted).toEqual(['my_udf']);
    expect(facts(call('lower')).unlisted).toEqual([]);
    const qualified = (...parts: string[]) => ({ name: parts.map((value) => ({ type: 'default', value })) });
    expect(facts(call(qualified('pg_catalog', 'lower'))).unlisted).toEqual([]);
    expect(facts(call(qualified('db', 'lower'))).unlisted).toEqual(['db.lower']);
    expect(facts(call(qualified('a', 'b', 'lower'))).unlisted).toEqual(['a.b.lower']);
    // BigQuery's grammar puts the first part in `schema`.
    const bq = { name: [{ type: 'default', value: 'SUBSTR' }], schema: { type: 'default', value: 'SAFE' } };
    expect(statementFacts(call(bq), 'bigquery').unlisted).toEqual([]);
    expect(statementFacts(call({ name: [], schema: { value: 'UPPER' } }), 'bigquery').unlisted).toEqual([]);
    // A function of one warehouse is unknown to another.
    expect(statementFacts(call('approx_distinct'), 'athena').unlisted).toEqual([]);
    expect(statementFacts(call('approx_distinct'), 'redshift').unlisted).toEqual(['approx_distinct']);
    // A call whose name cannot be read is not run either.
    for (const name of [{ name: [] }, { name: ['x'] }, { name: [{ value: 42 }] }, 42])
      expect(facts(call(name)).unlisted, JSON.stringify(name)).toEqual(['(unnamed)']);
  });

  it('functionName reads the three shapes, qualified, lower-case', () => {
    expect(functionName({ name: 'MAX' })).toBe('max');
    expect(functionName({ name: { name: [{ value: 'A' }, { value: 'B' }] } })).toBe('a.b');
    expect(functionName({ name: { name: [{ value: 'B' }], schema: { value: 'A' } } })).toBe('a.b');
    expect(functionName({ name: { name: 'x' } })).toBeUndefined();
    expect(functionName({ name: 7 })).toBeUndefined();
  });
});

describe('statementFacts: LIMIT, TOP and SELECT *', () => {
  const limit = { seperator: '', value: [{ type: 'number', value: 5 }] };
  it('a LIMIT with a value, or TOP, on the statement or the last part of a UNION chain', () => {
    expect(facts(select({ limit })).bounded).toBe(true);
    expect(facts(select({ _limit: limit })).bounded).toBe(true);
    expect(facts(select({ top: { value: 5 } })).bounded).toBe(true);
    expect(facts(select({ top: 0 })).bounded).toBe(true);
    expect(facts(select({ _next: select({ _next: select({ limit }) }) })).bounded).toBe(true);
  });

  it('no LIMIT: none, an empty one, a null TOP, or LIMIT on a statement that is not a SELECT', () => {
    expect(facts(select()).bounded).toBe(false);
    expect(facts(select({ limit: { seperator: '', value: [] } })).bounded).toBe(false);
    expect(facts(select({ limit: { value: 'x' } })).bounded).toBe(false);
    expect(facts(select({ top: null })).bounded).toBe(false);
    expect(facts({ type: 'delete', limit }).bounded).toBe(false);
  });

  it('SELECT * as the columns, or a * column ref among them; not a named column or a non-SELECT', () => {
    expect(facts(select({ columns: '*' })).star).toBe(true);
    const star = { expr: { type: 'column_ref', table: null, column: '*' } };
    expect(facts(select({ columns: [{ expr: { type: 'column_ref', column: 'a' } }, star] })).star).toBe(true);
    expect(facts(select({ columns: [{ expr: { type: 'column_ref', column: 'a' } }] })).star).toBe(false);
    expect(
      facts(select({ columns: [{ expr: { type: 'function', name: 'lower', column: '*' } }] })).star,
    ).toBe(false);
    expect(facts(select({ columns: [null, '*'] })).star).toBe(false);
    expect(facts(select({ columns: 'a' })).star).toBe(false);
    expect(facts({ type: 'show', columns: '*' }).star).toBe(false);
  });
});

describe('statementFacts: the walk', () => {
  it('an unreadable statement is of unknown kind', () => {
    for (const statement of [null, undefined, 'select', [select()], { type: 5 }])
      expect(facts(statement).kind, JSON.stringify(statement)).toBe('unknown');
  });

  it('survives a cycle and reads every level, however deep', () => {
    const cyclic: Record<string, unknown> = select();
    cyclic.self = cyclic;
    cyclic.child = { type: 'delete' };
    expect(facts(cyclic).forms).toEqual(['delete']);
    // A write under 5000 levels of nesting (a 20 000-character query nests thousands deep) is still seen.
    let node: unknown = { type: 'drop' };
    for (let i = 0; i < 5000; i++) node = i % 2 === 0 ? { next: node } : [node];
    expect(facts(select({ from: node })).forms).toEqual(['drop']);
  });

  it('reports forms and calls in the order of the text', () => {
    const statement = select({
      columns: [
        { expr: { type: 'function', name: 'setval' } },
        { expr: { type: 'function', name: 'nextval' } },
        { expr: { type: 'function', name: 'udf_b' } },
        { expr: { type: 'function', name: 'udf_a' } },
      ],
      with: [{ stmt: { ast: { type: 'update' } } }, { stmt: { ast: { type: 'delete' } } }],
    });
    expect(facts(statement)).toMatchObject({
      forms: ['update', 'delete'],
      sideEffects: [
        { function: 'setval', effect: 'sequence' },
        { function: 'nextval', effect: 'sequence' },
      ],
      unlisted: ['udf_b', 'udf_a'],
    });
  });

  it('walks arrays at every level', () => {
    expect(facts(select({ from: [[{ type: 'update' }]] })).forms).toEqual(['update']);
  });
});
