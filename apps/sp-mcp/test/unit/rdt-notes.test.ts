// Generated tools of restricted operations say they return personal data; every other tool is left as it is.
import type { ToolDefinition } from '@obmcp/contract';
import { OPERATION_META_KEY } from '@obmcp/openapi-tools';
import { describe, expect, it } from 'vitest';
import { withRdtNote } from '../../src/restricted/rdt-notes.js';

const NOTE =
  ' Returns personal data: a restricted-data token is requested automatically (restricted role required).';

const tool = (description: string | undefined, operation?: Record<string, unknown>): ToolDefinition =>
  ({
    name: 'x',
    ...(description === undefined ? {} : { description }),
    inputSchema: { type: 'object' },
    handler: () => undefined,
    ...(operation ? { _meta: { [OPERATION_META_KEY]: operation } } : {}),
  }) as unknown as ToolDefinition;

describe('withRdtNote', () => {
  it('a restricted operation gets the note after its description (or as its description)', () => {
    const getOrder = { method: 'GET', path: '/orders/v0/orders/{orderId}' };
    expect(withRdtNote(tool('Returns the order.', getOrder)).description).toBe(`Returns the order.${NOTE}`);
    expect(withRdtNote(tool(undefined, getOrder)).description).toBe(NOTE);
  });

  it('left as it is: no operation, no method or path, a description that already says so, a conditional or an unrestricted operation', () => {
    const cases = [
      tool('No operation.'),
      tool('No method.', { path: '/orders/v0/orders/{orderId}' }),
      tool('No path.', { method: 'GET' }),
      tool('Asks for a restricted-data token itself.', {
        method: 'GET',
        path: '/orders/v0/orders/{orderId}',
      }),
      tool('A report document.', { method: 'GET', path: '/reports/2021-06-30/documents/{reportDocumentId}' }),
      tool('Inventory.', { method: 'GET', path: '/fba/inventory/v1/summaries' }),
    ];
    for (const t of cases) expect(withRdtNote(t), t.description).toBe(t);
  });
});
