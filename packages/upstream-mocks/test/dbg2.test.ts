import { it } from 'vitest';
import { loadOperation, operationRoutes } from '../src/spec/index.js';
import { responsesOf } from '../src/spec/parameters.js';
import { convertedSchema, schemaErrors } from '../src/spec/validator.js';
it('dbg2', async () => {
  const route = operationRoutes('amazon-ads').find((r) => r.operationId === 'getPublishers')!;
  const op = await loadOperation(route);
  const m = [...responsesOf(op).get('200')!.values()][0]!;
  const conv = convertedSchema(m.schema!, op.doc, 'response');
  console.log(JSON.stringify(conv).slice(0, 1500));
  const errs = schemaErrors(m.schema!, op.doc, 'response', { publisher: [{ id: 'string' }] });
  console.log(errs.map((e) => [e.instancePath, e.keyword, JSON.stringify(e.parentSchema).slice(0, 300)]));
});
