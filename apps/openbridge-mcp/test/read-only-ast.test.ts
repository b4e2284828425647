// statementFacts on hand-made AST nodes (the shapes node-sql-parser produces): every write type and side-effecting
// function is seen wherever it sits, SELECT INTO, LIMIT/TOP through a UNION chain, SELECT *, and the walk's bounds.
import { describe, expect, it } from 'vitest';
import { statementFacts } from '../src/sql/read-only-ast.js';

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
];

const SIDE_EFFECT_FUNCTIONS = [
  'nextval',
  'setval',
  'set_config',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_promote',
  'pg_switch_wal',
  'pg_notify',
  'pg_logical_emit_message',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_file_write',
  'pg_stat_reset',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'external_query',
];
const SIDE_EFFECT_PREFIXED = [
  'pg_advisory_lock',
  'pg_try_advisory_lock',
  'pg_create_restore_point',
  'pg_drop_replication_slot',
  'pg_replication_origin_create',
  'lo_import',
  'dblink_exec',
  'system$wait',
];

const select = (extra: Record<string, unknown> = {}) => ({ type: 'select', columns: [], ...extra });
const call = (name: unknown, type = 'function') => select({ columns: [{ expr: { type, name } }] });

describe('statementFacts: writes', () => {
  it.each(WRITE_TYPES)('sees a %s node anywhere, in any case', (type) => {
    const nested = select({ with: [{ stmt: { ast: { type: type.toUpperCase() } } }] });
    expect(statementFacts(nested)).toMatchObject({ kind: 'select', writes: [type] });
    expect(statementFacts({ type })).toMatchObject({
      kind: type,
      writes: [type],
      bounded: false,
      star: false,
    });
  });

  it('a plain read has no writes, no side effects and no INTO', () => {
    expect(statementFacts(select({ from: [{ table: 't' }], where: { type: 'binary_expr' } }))).toStrictEqual({
      kind: 'select',
      writes: [],
      selectInto: false,
      sideEffects: [],
      bounded: false,
      star: false,
    });
  });

  it('SELECT … INTO only when into has a position', () => {
    expect(statementFacts(select({ into: { position: 'column' } })).selectInto).toBe(true);
    expect(statementFacts(select({ from: [select({ into: { position: 'end' } })] })).selectInto).toBe(true);
    expect(statementFacts(select({ into: { position: null } })).selectInto).toBe(false);
    expect(statementFacts(select({ into: {} })).selectInto).toBe(false);
    expect(statementFacts({ type: 'insert', into: { position: 'column' } }).selectInto).toBe(false);
  });
});

describe('statementFacts: side-effecting functions', () => {
  it.each([...SIDE_EFFECT_FUNCTIONS, ...SIDE_EFFECT_PREFIXED])(
    'sees %s, named plainly or qualified',
    (name) => {
      expect(statementFacts(call(name.toUpperCase())).sideEffects).toEqual([name]);
      const qualified = {
        name: [
          { type: 'default', value: 'schema' },
          { type: 'default', value: name },
        ],
      };
      expect(statementFacts(call(qualified)).sideEffects).toEqual([name]);
      expect(statementFacts(call(name, 'aggr_func')).sideEffects).toEqual([name]);
    },
  );

  it('ignores ordinary functions, names it cannot read, and a name on another node type', () => {
    const unreadable = [{ name: [] }, { name: ['x'] }, { name: [{ value: 42 }] }, 42];
    for (const name of ['count', 'lower', 'my_pg_advisory', 'xlo_', ...unreadable])
      expect(statementFacts(call(name)).sideEffects, JSON.stringify(name)).toEqual([]);
    expect(statementFacts(call('nextval', 'column_ref')).sideEffects).toEqual([]);
  });
});

describe('statementFacts: LIMIT, TOP and SELECT *', () => {
  const limit = { seperator: '', value: [{ type: 'number', value: 5 }] };
  it('a LIMIT with a value, or TOP, on the statement or the last part of a UNION chain', () => {
    expect(statementFacts(select({ limit })).bounded).toBe(true);
    expect(statementFacts(select({ _limit: limit })).bounded).toBe(true);
    expect(statementFacts(select({ top: { value: 5 } })).bounded).toBe(true);
    expect(statementFacts(select({ top: 0 })).bounded).toBe(true);
    expect(statementFacts(select({ _next: select({ _next: select({ limit }) }) })).bounded).toBe(true);
  });

  it('no LIMIT: none, an empty one, a null TOP, or LIMIT on a statement that is not a SELECT', () => {
    expect(statementFacts(select()).bounded).toBe(false);
    expect(statementFacts(select({ limit: { seperator: '', value: [] } })).bounded).toBe(false);
    expect(statementFacts(select({ limit: { value: 'x' } })).bounded).toBe(false);
    expect(statementFacts(select({ top: null })).bounded).toBe(false);
    expect(statementFacts({ type: 'delete', limit }).bounded).toBe(false);
  });

  it('SELECT * as the columns, or a * column ref among them; not a named column or a non-SELECT', () => {
    expect(statementFacts(select({ columns: '*' })).star).toBe(true);
    const star = { expr: { type: 'column_ref', table: null, column: '*' } };
    expect(
      statementFacts(select({ columns: [{ expr: { type: 'column_ref', column: 'a' } }, star] })).star,
    ).toBe(true);
    expect(statementFacts(select({ columns: [{ expr: { type: 'column_ref', column: 'a' } }] })).star).toBe(
      false,
    );
    expect(statementFacts(select({ columns: [{ expr: { type: 'function', column: '*' } }] })).star).toBe(
      false,
    );
    expect(statementFacts(select({ columns: [null, '*'] })).star).toBe(false);
    expect(statementFacts(select({ columns: 'a' })).star).toBe(false);
    expect(statementFacts({ type: 'show', columns: '*' }).star).toBe(false);
  });
});

describe('statementFacts: the walk', () => {
  it('an unreadable statement is of unknown kind', () => {
    for (const statement of [null, undefined, 'select', [select()], { type: 5 }])
      expect(statementFacts(statement).kind, JSON.stringify(statement)).toBe('unknown');
  });

  it('survives a cycle and reads every level, however deep', () => {
    const cyclic: Record<string, unknown> = select();
    cyclic.self = cyclic;
    cyclic.child = { type: 'delete' };
    expect(statementFacts(cyclic).writes).toEqual(['delete']);
    // A write under 5000 levels of nesting (a 20 000-character query nests thousands deep) is still seen.
    let node: unknown = { type: 'drop' };
    for (let i = 0; i < 5000; i++) node = i % 2 === 0 ? { next: node } : [node];
    expect(statementFacts(select({ from: node })).writes).toEqual(['drop']);
  });

  it('reports writes and functions in the order of the text', () => {
    const statement = select({
      columns: [
        { expr: { type: 'function', name: 'setval' } },
        { expr: { type: 'function', name: 'nextval' } },
      ],
      with: [{ stmt: { ast: { type: 'update' } } }, { stmt: { ast: { type: 'delete' } } }],
    });
    expect(statementFacts(statement)).toMatchObject({
      writes: ['update', 'delete'],
      sideEffects: ['setval', 'nextval'],
    });
  });

  it('walks arrays at every level', () => {
    expect(statementFacts(select({ from: [[{ type: 'update' }]] })).writes).toEqual(['update']);
  });
});
