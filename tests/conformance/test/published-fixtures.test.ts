// The published fixtures (copied from shared/spec/data/fixtures) validate against our envelope schema.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENVELOPE_SCHEMA } from '@obmcp/contract';
import { sharedAjv } from '@obmcp/contract/schema';
import { validateEnvelope } from '@obmcp/contract/envelope';
import { describe, expect, it } from 'vitest';
import { normalizedProblems } from '../src/index.js';

const DIR = fileURLToPath(new URL('../fixtures/published/', import.meta.url));
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const metaSchema = (ENVELOPE_SCHEMA as { properties: { _meta: object } }).properties._meta;

describe('published fixtures', () => {
  it('are all present', () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  it.each(files)('%s validates', (file) => {
    const fixture = JSON.parse(readFileSync(`${DIR}${file}`, 'utf8')) as {
      envelope?: unknown;
      response?: { _meta?: unknown };
    };
    if (fixture.envelope !== undefined) {
      const { valid, errors } = validateEnvelope(fixture.envelope);
      expect(errors, file).toEqual([]);
      expect(valid).toBe(true);
      expect(normalizedProblems((fixture.envelope as { _meta?: unknown })._meta)).toEqual([]);
    } else {
      // success fixtures: their _meta must fit the envelope's _meta schema
      expect(fixture.response, `${file} has neither envelope nor response`).toBeDefined();
      const validate = sharedAjv().compile(metaSchema);
      expect(validate(fixture.response?._meta ?? {}), JSON.stringify(validate.errors)).toBe(true);
      expect(normalizedProblems(fixture.response?._meta)).toEqual([]);
    }
  });
});
