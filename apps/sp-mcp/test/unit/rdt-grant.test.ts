// What the Tokens API is asked and what a refusal does: the request createRestrictedDataToken gets, the elements withheld, the role refusals, the token's hour.
import { AuthError, UpstreamHttpError } from '@obmcp/contract';
import type { Pipeline, UpstreamResponse } from '@obmcp/http-kit';
import { describe, expect, it } from 'vitest';
import { createRdtAuth, type RdtRequest, rdtScope } from '../../src/auth/rdt-auth.js';
import { ROLES } from '../../src/restricted/restricted-operations.js';

const ORDER: RdtRequest = {
  identity: 'us-main',
  operationId: 'getOrder',
  resource: {
    method: 'GET',
    path: '/orders/v0/orders/{orderId}',
    dataElements: ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'],
  },
  roles: [ROLES.shipping, ROLES.invoicing, ROLES.remittance],
};

type Answer = { status: number; body: unknown } | Error;

/** A Tokens API that answers each call with the next of `answers` (the last one repeats), recording each request. */
function tokensApi(...answers: Answer[]) {
  const requests: Array<Record<string, unknown>> = [];
  const pipeline = {
    exchange: async (req: Record<string, unknown>) => {
      requests.push(req);
      const answer = answers[Math.min(requests.length - 1, answers.length - 1)] as Answer;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as Pipeline;
  return { requests, pipeline: () => pipeline };
}

const granted = (token = 'Atz.sprdt|1', expiresIn: unknown = 3600) => ({
  status: 200,
  body: { restrictedDataToken: token, expiresIn },
});

/** The Tokens API's 400 for data elements the application has no role for (its model's example wording). */
const noAccess = (elements: string) =>
  new UpstreamHttpError(400, {
    details: [
      {
        path: '',
        issue: `Application does not have access to one or more requested data elements: [${elements}]`,
        received_type: 'upstream_error',
        upstream_code: 'InvalidInput',
      },
    ],
  });

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('createRestrictedDataToken as the RDT plug-in sends it', () => {
  it('one idempotent POST with the resource, as the identity, on its own usage plan; the token goes out as x-amz-access-token', async () => {
    const { requests, pipeline } = tokensApi(granted('Atz.sprdt|abc'));
    const rdt = createRdtAuth(pipeline);
    const signal = new AbortController().signal;
    expect(await rdt.headers(rdtScope(ORDER), signal)).toEqual({ 'x-amz-access-token': 'Atz.sprdt|abc' });
    expect(requests).toEqual([
      {
        operation: 'tokens_2021-03-01.createRestrictedDataToken',
        method: 'POST',
        path: '/tokens/2021-03-01/restrictedDataToken',
        body: { restrictedResources: [ORDER.resource] },
        auth: 'us-main',
        limitScope: 'us-main',
        idempotent: true,
        signal,
      },
    ]);
    expect(await rdt.token(rdtScope(ORDER))).toEqual({ token: 'Atz.sprdt|abc', withheld: [] });
    expect(requests[0]).toHaveProperty('signal');
    await rdt.token(rdtScope({ ...ORDER, identity: 'eu-main' }));
    expect(requests[1]).not.toHaveProperty('signal');
  });

  it('an answer without a token is a refusal naming the operation', async () => {
    for (const body of [{}, { restrictedDataToken: '' }, { restrictedDataToken: 5 }, null]) {
      const { pipeline } = tokensApi({ status: 200, body });
      const error = await failure(createRdtAuth(pipeline).token(rdtScope(ORDER)));
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).details[0]?.issue).toBe('The Tokens API returned no restrictedDataToken.');
      expect((error as AuthError).summary).toMatch(/^SP-API refused a restricted-data token for getOrder/);
    }
  });

  it('expiresIn: the token is kept that long less a minute; a missing or bad one means the documented hour', async () => {
    let now = 0;
    const run = async (expiresIn: unknown, later: number) => {
      now = 0;
      const { requests, pipeline } = tokensApi(granted('t', expiresIn));
      const rdt = createRdtAuth(pipeline, { now: () => now });
      await rdt.token(rdtScope(ORDER));
      now = later;
      await rdt.token(rdtScope(ORDER));
      return requests.length;
    };
    expect(await run(300, 239_000)).toBe(1);
    expect(await run(300, 241_000)).toBe(2);
    for (const bad of [0, -1, '300', undefined]) {
      expect(await run(bad, 3_539_000), String(bad)).toBe(1);
      expect(await run(bad, 3_541_000), String(bad)).toBe(2);
    }
  });
});

describe('a refusal of some data elements', () => {
  it('asks once more for the elements granted; the answer lists the withheld ones', async () => {
    const { requests, pipeline } = tokensApi(noAccess('buyerTaxInformation'), granted('Atz.sprdt|partial'));
    const rdt = createRdtAuth(pipeline);
    expect(await rdt.token(rdtScope(ORDER))).toEqual({
      token: 'Atz.sprdt|partial',
      withheld: ['buyerTaxInformation'],
    });
    expect(requests.map((r) => r.body)).toEqual([
      { restrictedResources: [ORDER.resource] },
      {
        restrictedResources: [
          {
            method: 'GET',
            path: '/orders/v0/orders/{orderId}',
            dataElements: ['buyerInfo', 'shippingAddress'],
          },
        ],
      },
    ]);
    // Cached with what was withheld: no third call.
    expect(await rdt.token(rdtScope(ORDER))).toEqual({
      token: 'Atz.sprdt|partial',
      withheld: ['buyerTaxInformation'],
    });
    expect(requests).toHaveLength(2);
  });

  it('every element refused, or none named: the role refusal, asked only once', async () => {
    for (const refusal of [
      noAccess('buyerInfo, shippingAddress, buyerTaxInformation'),
      new UpstreamHttpError(403, {
        details: [
          { path: '', issue: 'Access to requested resource is denied.', received_type: 'upstream_error' },
        ],
      }),
    ]) {
      const { requests, pipeline } = tokensApi(refusal, granted());
      const error = await failure(createRdtAuth(pipeline).token(rdtScope(ORDER)));
      expect(error).toBeInstanceOf(AuthError);
      expect((error as AuthError).hints[0]).toContain('The application needs the role');
      expect(requests).toHaveLength(1);
    }
  });

  it('a resource without data elements refused: the role refusal', async () => {
    const doc: RdtRequest = {
      identity: 'default',
      operationId: 'getReportDocument',
      resource: { method: 'GET', path: '/reports/2021-06-30/documents/D1' },
      roles: [ROLES.remittance],
    };
    const { requests, pipeline } = tokensApi(noAccess('buyerInfo'));
    const error = await failure(createRdtAuth(pipeline).token(rdtScope(doc)));
    expect((error as AuthError).hints[0]).toContain('needs the role Tax Remittance (Restricted)');
    expect(requests).toHaveLength(1);
  });

  it('the second ask refused too: the role refusal; failing otherwise: that failure as it is', async () => {
    const again = tokensApi(noAccess('buyerTaxInformation'), noAccess('shippingAddress'));
    const refused = await failure(createRdtAuth(again.pipeline).token(rdtScope(ORDER)));
    expect(refused).toBeInstanceOf(AuthError);
    expect(again.requests).toHaveLength(2);
    const outage = new UpstreamHttpError(503, { details: [] });
    const down = tokensApi(noAccess('buyerTaxInformation'), outage);
    expect(await failure(createRdtAuth(down.pipeline).token(rdtScope(ORDER)))).toBe(outage);
  });

  it('a failure that is not a role refusal (an expired LWA token, an outage) is passed on untouched', async () => {
    const expired = new UpstreamHttpError(403, {
      details: [
        { path: '', issue: 'The access token you provided has expired.', received_type: 'upstream_error' },
      ],
    });
    const { requests, pipeline } = tokensApi(expired, granted());
    expect(await failure(createRdtAuth(pipeline).token(rdtScope(ORDER)))).toBe(expired);
    expect(requests).toHaveLength(1);
  });

  it('an RDT past its hour is recognised like an expired LWA token', () => {
    const rdt = createRdtAuth(tokensApi(granted()).pipeline);
    const answer = (status: number, details: string) =>
      ({
        status,
        json: () => ({
          errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.', details }],
        }),
      }) as unknown as UpstreamResponse;
    expect(rdt.isExpired(answer(403, 'The access token you provided has expired.'))).toBe(true);
    expect(rdt.isExpired(answer(403, ''))).toBe(false);
  });
});
