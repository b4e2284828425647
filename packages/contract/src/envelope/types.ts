// Envelope and _meta types, derived from ENVELOPE_SCHEMA (no hand-kept duplicate).
import type { FromSchema } from 'json-schema-to-ts';
import type { ENVELOPE_SCHEMA } from './schema.js';

export type Envelope = FromSchema<typeof ENVELOPE_SCHEMA>;
export type EnvelopeMeta = NonNullable<Envelope['_meta']>;
export type EnvelopeDetail = Envelope['details'][number];
export type NormalizationEvent = NonNullable<EnvelopeMeta['normalized']>[number];
export type RateLimitMeta = NonNullable<EnvelopeMeta['rate_limit']>;
export type WarningEntry = NonNullable<EnvelopeMeta['warnings']>[number];
