// A preset's choice among the media types an operation declares (e.g. v5 of a vendor type that also
// comes as v3 and v4): the operation narrowed to that one type, so body schema, Content-Type and Accept agree.
import type { SpecOperation } from './spec-operations.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Throws when the operation declares `type` nowhere: a preset may only choose what the spec offers. */
export function chooseMediaType(op: SpecOperation, type: string): SpecOperation {
  let found = false;
  const narrow = (content: unknown): unknown => {
    if (!isObj(content) || !(type in content)) return content;
    found = true;
    return { [type]: content[type] };
  };
  const responses = Object.fromEntries(
    Object.entries(op.responses).map(([code, response]) =>
      /^2/.test(code) && isObj(response)
        ? [code, { ...response, content: narrow(response.content) }]
        : [code, response],
    ),
  );
  const pick = (types: string[]) => {
    if (!types.includes(type)) return types;
    found = true;
    return [type];
  };
  const chosen: SpecOperation = {
    ...op,
    responses,
    consumes: pick(op.consumes),
    produces: pick(op.produces),
  };
  if (op.requestBody) chosen.requestBody = { ...op.requestBody, content: narrow(op.requestBody.content) };
  if (!found) throw new Error(`declares no media type ${type}`);
  return chosen;
}
