// Property: any thrown value, any contract error → a schema-valid envelope that never echoes what was thrown.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { envelopeFromThrown } from '../src/envelope/classify.js';
import { validateEnvelope } from '../src/envelope/validate.js';
import { exampleProfile } from '../src/example/example-tools.js';
import {
  AuthError,
  ClientSideError,
  DomainValidationError,
  EnvironmentError,
  RateLimitedError,
  SandboxLimitationError,
  UpstreamHttpError,
  UpstreamTransportError,
} from '../src/tool/errors.js';

const RUNS = { numRuns: 200 };
const validOnWire = (value: unknown) => validateEnvelope(JSON.parse(JSON.stringify(value))).valid;

const cyclic = fc.anything().map((inner) => {
  const o: Record<string, unknown> = { inner };
  o.self = o;
  o.list = [o, inner];
  return o;
});
const hostile = fc.constantFrom(
  Symbol('s'),
  () => 1,
  new Proxy(
    {},
    {
      get: () => {
        throw new Error('get');
      },
      getPrototypeOf: () => {
        throw new Error('proto');
      },
    },
  ),
  Object.defineProperty(new Error('m'), 'message', {
    get: () => {
      throw new Error('x');
    },
  }),
);
const anythingThrown = fc.oneof(
  fc.anything({
    withBigInt: true,
    withMap: true,
    withSet: true,
    withDate: true,
    withNullPrototype: true,
    withBoxedValues: true,
  }),
  cyclic,
  hostile,
  fc.string().map((m) => new Error(m)),
);

const init = fc.record(
  {
    summary: fc.string(),
    details: fc.array(fc.anything(), { maxLength: 4 }),
    hints: fc.array(fc.string(), { maxLength: 12 }),
    retryAfterSeconds: fc.double(),
    requestId: fc.string(),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Record<string, never>>;
const contractThrown = fc.oneof(
  fc.tuple(fc.integer({ min: -1, max: 1000 }), init).map(([s, i]) => new UpstreamHttpError(s, i)),
  fc
    .tuple(fc.constantFrom('UPSTREAM_TIMEOUT', 'UPSTREAM_UNREACHABLE', 'UPSTREAM_INVALID_RESPONSE'), init)
    .map(([c, i]) => new UpstreamTransportError(c as 'UPSTREAM_TIMEOUT', i)),
  init.map((i) => new AuthError(i)),
  init.map((i) => new RateLimitedError(i)),
  fc.tuple(fc.string(), init).map(([c, i]) => new DomainValidationError(c, i)),
  fc.tuple(fc.string(), init).map(([c, i]) => new ClientSideError(c, i)),
  init.map((i) => new SandboxLimitationError(i)),
  fc.tuple(fc.string(), fc.string()).map(([c, m]) => new EnvironmentError(c, m)),
);

describe('envelopeFromThrown', () => {
  test('arbitrary thrown values → schema-valid internal_error envelopes that never echo them', () => {
    fc.assert(
      fc.property(anythingThrown, (thrown) => {
        const envelope = envelopeFromThrown(thrown, { profile: exampleProfile, tool: 'p' });
        expect(validOnWire(envelope)).toBe(true);
        expect(envelope.error_code).toBe('INTERNAL_ERROR');
        expect(envelope.summary).toBe('Internal server error; details are in the server log.');
      }),
      RUNS,
    );
  });

  test('arbitrary contract errors (any status, details, hints, retry-after) → schema-valid envelopes', () => {
    fc.assert(
      fc.property(contractThrown, fc.string(), (thrown, name) => {
        expect(validOnWire(envelopeFromThrown(thrown, { profile: exampleProfile, tool: name }))).toBe(true);
      }),
      RUNS,
    );
  });
});
