// The allow-list and the side-effect names, one by one: each name's refusal (and kind) is what a user reads.
import { describe, expect, it } from 'vitest';
import { isAllowedFunction, sideEffectOf } from '../src/sql/functions.js';

/** Every side effect the guard names, spelled out here (not read from the module), with its kind. */
const NAMED: Record<string, readonly string[]> = {
  sleep: ['pg_sleep', 'pg_sleep_for', 'pg_sleep_until', 'sleep', 'benchmark', 'system$wait'],
  sequence: ['nextval', 'setval', 'currval', 'lastval'],
  reflection: ['reflect', 'java_method', 'try_reflect'],
  secret: ['secret', 'try_secret'],
  external_access: [
    'external_query',
    'query_to_xml',
    'query_to_xml_and_xmlschema',
    'http_request',
    'ai_query',
    'read_files',
    'read_kafka',
    'read_kinesis',
    'read_pubsub',
    'read_pulsar',
    'read_state_metadata',
    'read_statestore',
    'cloud_files_state',
    'url_get',
    'lo_import',
    'lo_export',
    'dblink',
    'pg_read_file',
    'pg_read_binary_file',
  ],
  admin: [
    'set_config',
    'pg_terminate_backend',
    'pg_cancel_backend',
    'pg_reload_conf',
    'pg_rotate_logfile',
    'pg_promote',
    'pg_switch_wal',
    'pg_notify',
    'pg_stat_file',
    'pg_stat_statements_reset',
    'pg_log_backend_memory_contexts',
    'pg_import_system_collations',
    'txid_current',
    'setseed',
  ],
};

/** [prefix, kind, a name under it]. */
const PREFIXED = [
  ['dblink', 'external_access', 'dblink_connect'],
  ['lo_', 'external_access', 'lo_unlink'],
  ['ai_', 'external_access', 'ai_generate_text'],
  ['system$', 'external_access', 'system$stream_has_data'],
  ['ml.', 'external_access', 'ml.predict'],
  ['snowflake.cortex.', 'external_access', 'snowflake.cortex.complete'],
  ['pg_ls_', 'external_access', 'pg_ls_waldir'],
  ['pg_file_', 'external_access', 'pg_file_unlink'],
  ['pg_advisory', 'admin', 'pg_advisory_xact_lock'],
  ['pg_try_advisory', 'admin', 'pg_try_advisory_xact_lock'],
  ['pg_create_', 'admin', 'pg_create_logical_replication_slot'],
  ['pg_drop_', 'admin', 'pg_drop_replication_slot'],
  ['pg_copy_', 'admin', 'pg_copy_physical_replication_slot'],
  ['pg_replication_', 'admin', 'pg_replication_origin_drop'],
  ['pg_logical_', 'admin', 'pg_logical_slot_peek_changes'],
  ['pg_backup_', 'admin', 'pg_backup_stop'],
  ['pg_wal_', 'admin', 'pg_wal_replay_resume'],
  ['pg_stat_reset', 'admin', 'pg_stat_reset_single_table_counters'],
] as const;

describe('sideEffectOf', () => {
  it.each(Object.entries(NAMED).flatMap(([kind, names]) => names.map((n) => [n, kind])))(
    '%s → %s',
    (name, kind) => {
      expect(sideEffectOf(name)).toBe(kind);
      expect(sideEffectOf(`pg_catalog.${name}`)).toBe(kind);
      // A name that only starts like one (and matches no prefix) is no side effect of that name.
      expect(sideEffectOf(`${name}x_plain`) === kind && !PREFIXED.some(([p]) => name.startsWith(p))).toBe(
        false,
      );
    },
  );
  it.each(PREFIXED)('%s… → %s (%s)', (_prefix, kind, name) => {
    expect(sideEffectOf(name)).toBe(kind);
    expect(sideEffectOf(`xyz_${name}`)).toBeUndefined();
  });
  it('ordinary built-ins have none', () => {
    for (const name of ['lower', 'count', 'explode', 'pg_typeof_x', 'sleepy', 'my.schema.fn', 'ai', 'lo'])
      expect(sideEffectOf(name), name).toBeUndefined();
  });
});

describe('isAllowedFunction', () => {
  it('the shared built-ins on every warehouse, each warehouse’s own only on it', () => {
    for (const w of ['redshift', 'athena', 'bigquery', 'snowflake', 'databricks'] as const) {
      for (const fn of [
        'count',
        'sum',
        'coalesce',
        'lower',
        'date_trunc',
        'row_number',
        'cast',
        'abs',
        'unnest',
      ])
        expect(isAllowedFunction(w, fn), `${w} ${fn}`).toBe(true);
      expect(isAllowedFunction(w, 'my_udf'), w).toBe(false);
      expect(isAllowedFunction(w, ''), w).toBe(false);
    }
    expect(isAllowedFunction('redshift', 'approximate')).toBe(true);
    expect(isAllowedFunction('redshift', 'listagg')).toBe(true);
    expect(isAllowedFunction('athena', 'approx_distinct')).toBe(true);
    expect(isAllowedFunction('redshift', 'approx_distinct')).toBe(false);
    expect(isAllowedFunction('bigquery', 'safe_divide')).toBe(true);
    expect(isAllowedFunction('athena', 'safe_divide')).toBe(false);
    expect(isAllowedFunction('snowflake', 'iff')).toBe(true);
    expect(isAllowedFunction('snowflake', 'div0')).toBe(true);
    expect(isAllowedFunction('bigquery', 'div0')).toBe(false);
    expect(isAllowedFunction('databricks', 'collect_list')).toBe(true);
    expect(isAllowedFunction('snowflake', 'collect_list')).toBe(false);
  });
  it('a qualified call only under a built-in namespace, and one level deep', () => {
    for (const q of ['safe', 'net', 'hll_count', 'pg_catalog'])
      expect(isAllowedFunction('bigquery', `${q}.lower`), q).toBe(true);
    expect(isAllowedFunction('bigquery', 'mydataset.lower')).toBe(false);
    expect(isAllowedFunction('bigquery', 'safe.safe.lower')).toBe(false);
    expect(isAllowedFunction('bigquery', 'safe.my_udf')).toBe(false);
  });
});
