// Which functions a read may call, per warehouse (an allow-list), and the side effects named apart so a refusal says which.
import type { Warehouse } from './warehouses.js';

/** Built-in, side-effect-free functions every warehouse family the guard serves shares (ANSI and near-ANSI). */
const COMMON = `
abs acos asin atan atan2 avg bool_and bool_or cardinality cbrt ceil ceiling char_length character_length chr
coalesce concat concat_ws corr cos cosh cot count covar_pop covar_samp cume_dist current_date current_time
current_timestamp date date_add date_diff date_part date_sub date_trunc dateadd datediff day dayofmonth dayofweek
dayofyear degrees dense_rank every exp extract first_value floor greatest hour ifnull initcap instr lag last_day
last_value lead least left length ln localtime localtimestamp log log10 log2 lower lpad ltrim max md5 min minute mod
month months_between now nth_value ntile nullif nvl nvl2 octet_length percent_rank percentile_cont percentile_disc
pi position pow power quarter radians random rank regexp_replace regexp_substr regexp_count regexp_instr
regexp_like repeat replace reverse right round row_number rpad rtrim second sha1 sha2 sign sin sinh split_part sqrt
stddev stddev_pop stddev_samp strpos substr substring sum tan tanh to_char to_date to_number to_timestamp translate
trim trunc try_cast upper var_pop var_samp variance week year cast convert timestamp time interval if iff
char ascii array_agg array_contains array_size array_length split listagg approx_count_distinct median mode
string_agg array cast_as json_extract_path_text json_extract_array_element_text json_extract json_extract_scalar
is_valid_json json_parse json_serialize to_json json_format json_array_length last_value bit_and bit_or
unnest explode flatten posexplode generate_series sequence_number bit_length getdate sysdate
`;

/** What each warehouse adds to COMMON (its documented built-ins that read only). */
const EXTRA: Readonly<Record<Warehouse, string>> = {
  redshift: `
    approximate bpcharcmp btrim charindex checksum convert_timezone crc32 dexp dlog1 dlog10 fnv_hash func_sha1
    getbit isnull json_typeof len nullif ratio_to_report strtol texticlike textlike timeofday timezone
    to_hex trunc try_cast width_bucket date_cmp date_cmp_timestamp interval_cmp add_months datetime
    split_to_array subarray array_concat array_flatten get_array_length ltrim quote_ident quote_literal
    regr_slope regr_intercept regr_count regr_r2 regr_avgx regr_avgy regr_sxx regr_syy regr_sxy`,
  athena: `
    approx_distinct approx_percentile arbitrary array_distinct array_join array_max array_min array_position
    array_remove array_sort array_union array_intersect array_except arrays_overlap bitwise_and bitwise_or
    contains count_if date_format date_parse day_of_week day_of_year element_at filter format_datetime
    from_iso8601_date from_iso8601_timestamp from_unixtime histogram is_nan json_array_contains json_array_get
    json_size map map_agg map_keys map_values max_by min_by parse_datetime reduce regexp_extract
    regexp_extract_all regexp_split slice split_to_map to_iso8601 to_unixtime transform typeof url_extract_host
    url_extract_path url_extract_parameter with_timezone year_of_week zip zip_with cardinality try
    current_timezone day_of_month format hamming_distance levenshtein_distance normalize to_utf8 from_utf8
    element_at last_day_of_month date_format lower upper`,
  bigquery: `
    any_value approx_quantiles approx_top_count approx_top_sum array_concat array_reverse array_to_string
    bit_count byte_length countif current_datetime date_from_unix_date datetime datetime_add datetime_diff
    datetime_sub datetime_trunc ends_with farm_fingerprint format format_date format_datetime format_time
    format_timestamp from_base64 generate_array generate_date_array generate_timestamp_array ieee_divide
    is_inf is_nan json_query json_value json_query_array json_value_array lax_bool lax_float64 lax_int64
    lax_string logical_and logical_or offset ordinal parse_date parse_datetime parse_json parse_time
    parse_timestamp regexp_contains regexp_extract regexp_extract_all safe_cast safe_divide safe_multiply
    safe_negate safe_add safe_subtract safe_offset safe_ordinal sha256 sha512 starts_with string struct
    time_add time_diff time_sub time_trunc timestamp_add timestamp_diff timestamp_micros timestamp_millis
    timestamp_seconds timestamp_sub timestamp_trunc to_base64 to_hex unix_date unix_micros unix_millis
    unix_seconds div host reg_domain public_suffix extract_count merge_partial init`,
  snowflake: `
    any_value approx_percentile array_append array_cat array_compact array_construct array_distinct
    array_except array_insert array_intersection array_position array_prepend array_slice array_to_string
    arrays_overlap as_varchar as_number boolor_agg booland_agg charindex contains convert_timezone count_if
    date_from_parts dayname decode div0 div0null editdistance endswith equal_null get get_path hash
    hash_agg iff ilike initcap is_null_value kurtosis last_query_id len max_by min_by monthname
    object_construct object_keys parse_json regexp_substr_all sha2_hex skew split_to_table startswith
    strtok strtok_to_array time_slice timeadd timediff timestamp_from_parts timestamp_ntz_from_parts
    timestampadd timestampdiff to_array to_boolean to_decimal to_double to_numeric to_object to_time
    to_timestamp_ltz to_timestamp_ntz to_timestamp_tz to_variant to_varchar try_parse_json try_to_date
    try_to_number try_to_timestamp typeof uniform weekofyear yearofweek zeroifnull nullifzero array_size
    lateral flatten ratio_to_report square truncate variance_samp variance_pop object_agg`,
  databricks: `
    any_value approx_percentile array_distinct array_except array_intersect array_join array_max array_min
    array_position array_remove array_repeat array_sort array_union arrays_overlap arrays_zip collect_list
    collect_set concat_ws count_if date_format datediff dayofweek element_at explode_outer filter
    first format_number format_string from_json from_unixtime get_json_object inline inline_outer
    json_tuple last map map_from_arrays map_keys map_values max_by min_by named_struct posexplode_outer
    regexp_extract regexp_extract_all size slice sort_array split struct to_date to_timestamp to_json
    transform try_divide typeof unix_timestamp weekofyear xxhash64 hash nanvl isnan isnull isnotnull
    current_timezone make_date make_timestamp get array_contains startswith endswith contains ilike
    date_from_unix_date unix_date stack`,
};

const words = (text: string): string[] => text.trim().split(/\s+/);
const ALLOWED: Readonly<Record<Warehouse, ReadonlySet<string>>> = Object.fromEntries(
  (Object.keys(EXTRA) as Warehouse[]).map((w) => [w, new Set([...words(COMMON), ...words(EXTRA[w])])]),
) as unknown as Record<Warehouse, ReadonlySet<string>>;

/**
 * Namespaces whose functions are built-ins (BigQuery's `SAFE.` prefix, `NET.`, `HLL_COUNT.`; PostgreSQL's
 * `pg_catalog.`): a function under any other qualifier is a user-defined one, whose effects cannot be read.
 */
const BUILT_IN_QUALIFIERS: ReadonlySet<string> = new Set(['safe', 'net', 'hll_count', 'pg_catalog']);

/** What a side-effecting function does, as the refusal names it (`details[].side_effect`). */
export type SideEffect = 'sleep' | 'sequence' | 'reflection' | 'secret' | 'external_access' | 'admin';

const SIDE_EFFECT_NAMES: ReadonlyArray<readonly [SideEffect, readonly string[]]> = [
  ['sleep', ['pg_sleep', 'pg_sleep_for', 'pg_sleep_until', 'sleep', 'benchmark', 'system$wait']],
  ['sequence', ['nextval', 'setval', 'currval', 'lastval']],
  ['reflection', ['reflect', 'java_method', 'try_reflect']],
  ['secret', ['secret', 'try_secret']],
  [
    'external_access',
    [
      'external_query',
      'query_to_xml',
      'query_to_xml_and_xmlschema',
      'http_request',
      'read_files',
      'read_kafka',
      'read_kinesis',
      'read_pubsub',
      'read_pulsar',
      'read_state_metadata',
      'read_statestore',
      'cloud_files_state',
      'url_get',
      'pg_read_file',
      'pg_read_binary_file',
    ],
  ],
  [
    'admin',
    [
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
  ],
];
/** Whole families (`ai_query`, `lo_import`, `dblink_exec` … by their prefix). */
const SIDE_EFFECT_PREFIXES: ReadonlyArray<readonly [SideEffect, string]> = [
  ['external_access', 'dblink'],
  ['external_access', 'lo_'],
  ['external_access', 'ai_'],
  ['external_access', 'system$'],
  ['external_access', 'ml.'],
  ['external_access', 'snowflake.cortex.'],
  ['external_access', 'pg_ls_'],
  ['external_access', 'pg_file_'],
  ['admin', 'pg_advisory'],
  ['admin', 'pg_try_advisory'],
  ['admin', 'pg_create_'],
  ['admin', 'pg_drop_'],
  ['admin', 'pg_copy_'],
  ['admin', 'pg_replication_'],
  ['admin', 'pg_logical_'],
  ['admin', 'pg_backup_'],
  ['admin', 'pg_wal_'],
  ['admin', 'pg_stat_reset'],
];

/** The side effect a function call has, by its (lower-case, possibly qualified) name, or undefined. */
export function sideEffectOf(qualifiedName: string): SideEffect | undefined {
  const name = qualifiedName.slice(qualifiedName.lastIndexOf('.') + 1);
  for (const [effect, names] of SIDE_EFFECT_NAMES) if (names.includes(name)) return effect;
  for (const [effect, prefix] of SIDE_EFFECT_PREFIXES)
    if (name.startsWith(prefix) || qualifiedName.startsWith(prefix)) return effect;
  return undefined;
}

/** A call the warehouse runs as a read: a built-in on its allow-list, unqualified or under a built-in namespace. */
export function isAllowedFunction(warehouse: Warehouse, qualifiedName: string): boolean {
  const dot = qualifiedName.lastIndexOf('.');
  if (dot !== -1 && !BUILT_IN_QUALIFIERS.has(qualifiedName.slice(0, dot))) return false;
  return ALLOWED[warehouse].has(qualifiedName.slice(dot + 1));
}
