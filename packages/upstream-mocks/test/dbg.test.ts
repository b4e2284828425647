import { it } from 'vitest';
import { loadOperation, operationRoutes } from '../src/spec/index.js';
import { bodyOf, responsesOf } from '../src/spec/parameters.js';
import { sampleValid } from '../src/spec/sample.js';
import { schemaProblems } from '../src/spec/validator.js';
const WANT = (process.env.DBG_OPS ?? '').split(',');
it('dbg', async () => {
  const times: [number, string][] = [];
  for (const family of ['sp-api', 'amazon-ads'] as const) for (const route of operationRoutes(family)) {
    if (WANT[0] && !WANT.includes(route.operationId)) continue;
    const op = await loadOperation(route);
    const t = Date.now();
    const body = bodyOf(op); const entry = body ? [...body.media.values()][0] : undefined;
    if (entry?.schema) { const v = sampleValid(entry.schema, op.doc, 'request'); const p = schemaProblems(entry.schema, op.doc, 'request', v); if (WANT[0]) console.log(route.operationId, 'REQ', JSON.stringify(v).slice(0, 800), p); }
    const r = responsesOf(op); const st = r.has('200') ? '200' : [...r.keys()].filter(c=>c.startsWith('2')).sort()[0];
    const m = st ? [...(r.get(st)?.values() ?? [])][0] : undefined;
    if (m?.schema) { const v = sampleValid(m.schema, op.doc, 'response'); const p = schemaProblems(m.schema, op.doc, 'response', v); if (WANT[0]) console.log(route.operationId, 'RES', JSON.stringify(v).slice(0, 800), p); }
    times.push([Date.now() - t, route.operationId]);
  }
  times.sort((a, b) => b[0] - a[0]); console.log(times.slice(0, 15), times.reduce((a, b) => a + b[0], 0));
}, 600000);
