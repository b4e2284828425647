// specArguments and its helpers on small hand-made operations: which spec keywords become the argument's schema,
// how each parameter reaches the recipe (name, location, required, style, greedy), bodies, Accept, defects.
import { describe, expect, it } from 'vitest';
import {
  acceptOf,
  errorsInSuccess,
  specArguments,
  pickMediaType,
  placeholdersOf,
} from '../src/generate/parameters.js';
import type { SpecOperation } from '../src/generate/spec-operations.js';

const OPTIONS = { serverHeaders: ['x-amz-access-token', 'Authorization'], maxDescription: 200 };
const string = { type: 'string' };

function op(fields: Partial<SpecOperation>): SpecOperation {
  return {
    method: 'GET',
    path: '/things',
    operationId: 'listThings',
    summary: '',
    description: '',
    deprecated: false,
    parameters: [],
    consumes: [],
    produces: [],
    responses: {},
    raw: {},
    ...fields,
  };
}

const argsOf = (fields: Partial<SpecOperation>) => specArguments(op(fields), OPTIONS);

describe('Swagger 2.0 parameters: the keywords on the parameter are its schema', () => {
  it('copies every schema keyword and nothing else (name, in, collectionFormat, extensions stay out)', () => {
    const { args } = argsOf({
      parameters: [
        {
          name: 'n',
          in: 'query',
          type: 'integer',
          format: 'int64',
          enum: [1, 2],
          default: 1,
          minimum: 0,
          maximum: 9,
          exclusiveMinimum: true,
          exclusiveMaximum: true,
          multipleOf: 1,
          description: 'A number.',
          'x-vendor': 'kept out',
          '': 'not a keyword either',
          required: false,
        },
        {
          name: 's',
          in: 'query',
          type: 'string',
          format: 'date-time',
          minLength: 1,
          maxLength: 5,
          pattern: '^a',
        },
        {
          name: 'a',
          in: 'query',
          type: 'array',
          items: string,
          minItems: 1,
          maxItems: 3,
          uniqueItems: true,
          collectionFormat: 'multi',
        },
      ],
    });
    expect(args.map((a) => a.schema)).toStrictEqual([
      {
        type: 'integer',
        enum: [1, 2],
        default: 1,
        minimum: 0,
        maximum: 9,
        exclusiveMinimum: true,
        exclusiveMaximum: true,
        multipleOf: 1,
        description: 'A number.',
      },
      { type: 'string', format: 'date-time', minLength: 1, maxLength: 5, pattern: '^a' },
      { type: 'array', items: string, minItems: 1, maxItems: 3, uniqueItems: true },
    ]);
  });

  it('collectionFormat decides even where a parameter also has an OpenAPI 3 schema', () => {
    const array = { type: 'array', items: string };
    const { args } = argsOf({
      parameters: [{ name: 'mixed', in: 'query', collectionFormat: 'csv', schema: array }],
    });
    expect(args[0]?.param.style).toBe('csv');
  });

  it('serialises arrays by collectionFormat: multi repeats, anything else (or none) is csv', () => {
    const { args } = argsOf({
      parameters: [
        { name: 'multi', in: 'query', type: 'array', items: string, collectionFormat: 'multi' },
        { name: 'pipes', in: 'query', type: 'array', items: string, collectionFormat: 'pipes' },
        { name: 'none', in: 'query', type: 'array', items: string },
        { name: 'scalar', in: 'query', type: 'string', collectionFormat: 'multi' },
      ],
    });
    expect(args.map((a) => a.param)).toStrictEqual([
      { arg: 'multi', name: 'multi', in: 'query', required: false, style: 'multi' },
      { arg: 'pipes', name: 'pipes', in: 'query', required: false, style: 'csv' },
      { arg: 'none', name: 'none', in: 'query', required: false, style: 'csv' },
      { arg: 'scalar', name: 'scalar', in: 'query', required: false },
    ]);
  });
});

describe('OpenAPI 3 parameters: the nested schema', () => {
  it('keeps the schema, adding the parameter description only where the schema has none', () => {
    const { args } = argsOf({
      parameters: [
        {
          name: 'own',
          in: 'query',
          description: 'Param text.',
          schema: { type: 'string', description: 'Own.' },
        },
        { name: 'lent', in: 'query', description: 'Param text.', schema: { type: 'string' } },
        { name: 'bare', in: 'query', schema: { type: 'integer', minimum: 1 } },
      ],
    });
    expect(args.map((a) => a.schema)).toStrictEqual([
      { type: 'string', description: 'Own.' },
      { type: 'string', description: 'Param text.' },
      { type: 'integer', minimum: 1 },
    ]);
  });

  it('serialises arrays by style and explode (form + explode by default: multi)', () => {
    const array = { type: 'array', items: string };
    const { args } = argsOf({
      parameters: [
        { name: 'dflt', in: 'query', schema: array },
        { name: 'form', in: 'query', style: 'form', explode: true, schema: array },
        { name: 'formCsv', in: 'query', style: 'form', explode: false, schema: array },
        { name: 'pipes', in: 'query', style: 'pipeDelimited', explode: true, schema: array },
        { name: 'mixed', in: 'query', schema: { type: ['array', 'string'], items: string } },
        { name: 'nullable', in: 'query', schema: { type: ['array', 'null'], items: string } },
        { name: 'two', in: 'query', schema: { anyOf: [array, { type: 'string' }] } },
        { name: 'oneOf', in: 'query', schema: { oneOf: [{ type: 'null' }, array] } },
        { name: 'notArray', in: 'query', schema: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
        { name: 'untyped', in: 'query', schema: {} },
        { name: 'trueBranch', in: 'query', schema: { anyOf: [true, { type: 'null' }] } },
        { name: 'listBranch', in: 'query', schema: { anyOf: [[array], { type: 'null' }] } },
      ],
    });
    expect(Object.fromEntries(args.map((a) => [a.param.name, a.param.style]))).toStrictEqual({
      dflt: 'multi',
      form: 'multi',
      formCsv: 'csv',
      pipes: 'csv',
      mixed: undefined,
      nullable: 'multi',
      two: undefined,
      oneOf: 'multi',
      notArray: undefined,
      untyped: undefined,
      trueBranch: undefined,
      listBranch: undefined,
    });
    expect(args.filter((a) => 'style' in a.param).map((a) => a.param.name)).toEqual([
      'dflt',
      'form',
      'formCsv',
      'pipes',
      'nullable',
      'oneOf',
    ]);
  });
});

describe('specArguments: locations, names and the recipe entry', () => {
  it('leaves server-set headers (any case) to the server, but not a query parameter of the same name', () => {
    const { args, serverHeaders } = argsOf({
      parameters: [
        { name: 'X-Amz-Access-Token', in: 'header', required: true, type: 'string' },
        { name: 'authorization', in: 'header', type: 'string' },
        { name: 'x-amz-access-token', in: 'query', type: 'string' },
      ],
    });
    expect(serverHeaders).toEqual(['X-Amz-Access-Token', 'authorization']);
    expect(args.map((a) => `${a.param.in}:${a.param.name}`)).toEqual(['query:x-amz-access-token']);
  });

  it('requires path parameters always and others only when required is exactly true; greedy only on a path', () => {
    const { args, defects } = argsOf({
      path: '/things/{id}/{rest}',
      parameters: [
        { name: 'id', in: 'path', type: 'string' },
        { name: 'rest', in: 'path', type: 'string', 'x-amazon-spds-greedy-path-parameter': true },
        { name: 'q', in: 'query', type: 'string', required: true },
        { name: 'r', in: 'query', type: 'string', required: 'true' },
        { name: 'g', in: 'query', type: 'string', 'x-amazon-spds-greedy-path-parameter': true },
        { name: 'h', in: 'header', type: 'string' },
      ],
    });
    expect(args.map((a) => a.param)).toStrictEqual([
      { arg: 'id', name: 'id', in: 'path', required: true },
      { arg: 'rest', name: 'rest', in: 'path', required: true, greedy: true },
      { arg: 'q', name: 'q', in: 'query', required: true },
      { arg: 'r', name: 'r', in: 'query', required: false },
      { arg: 'g', name: 'g', in: 'query', required: false },
      { arg: 'h', name: 'h', in: 'header', required: false },
    ]);
    expect(defects).toEqual([]);
  });

  it('names a second argument of the same name by its location', () => {
    const { args } = argsOf({
      path: '/things/{id}',
      parameters: [
        { name: 'id', in: 'path', type: 'string' },
        { name: 'id', in: 'query', type: 'string' },
      ],
    });
    expect(args.map((a) => a.param.arg)).toEqual(['id', 'query_id']);
  });

  it('reports a path placeholder that only a query parameter of that name fills', () => {
    const { defects } = argsOf({
      path: '/things/{id}/{other}',
      parameters: [
        { name: 'id', in: 'query', type: 'string' },
        { name: 'other', in: 'path', type: 'string' },
      ],
    });
    expect(defects).toEqual(['path placeholder {id} of /things/{id}/{other} has no path parameter']);
  });

  it('refuses a parameter location it cannot send, naming the parameter and the location', () => {
    expect(() => argsOf({ parameters: [{ name: 'c', in: 'cookie', type: 'string' }] })).toThrow(
      'listThings: parameter c in cookie is not supported',
    );
    expect(() => argsOf({ parameters: [{ in: 'formData', type: 'string' }] })).toThrow(
      'listThings: parameter  in formData is not supported',
    );
    expect(() => argsOf({ parameters: [{ name: 'x', type: 'string' }] })).toThrow(
      'listThings: parameter x in  is not supported',
    );
  });
});

describe('request bodies', () => {
  it('Swagger 2.0 body: one `body` argument, the JSON media type of consumes, the body description when the schema has none', () => {
    const schema = { type: 'object', properties: { a: string } };
    const out = argsOf({
      method: 'POST',
      consumes: ['application/xml', 'application/vnd.thing.v1+json'],
      parameters: [{ name: 'payload', in: 'body', required: true, description: 'The thing.', schema }],
    });
    expect(out.contentType).toBe('application/vnd.thing.v1+json');
    expect(out.args).toHaveLength(1);
    expect(out.args[0]?.param).toStrictEqual({ arg: 'body', name: '', in: 'body', required: true });
    expect(out.args[0]?.schema).toMatchObject({ description: 'The thing.', properties: { a: string } });
    const own = argsOf({
      parameters: [
        { name: 'b', in: 'body', description: 'Body text.', schema: { ...schema, description: 'Own.' } },
      ],
    });
    expect(own.contentType).toBe('application/json');
    expect(own.args[0]?.param.required).toBe(false);
    expect(own.args[0]?.schema.description).toBe('Own.');
    const plain = argsOf({ consumes: ['text/plain'], parameters: [{ name: 'b', in: 'body', schema }] });
    expect(plain.contentType).toBe('text/plain');
    expect(plain.args[0]?.schema).not.toHaveProperty('description');
  });

  it('OpenAPI 3 requestBody: the JSON media type of its content, required and description carried', () => {
    const schema = { type: 'object', properties: { a: string } };
    const out = argsOf({
      method: 'POST',
      requestBody: {
        required: true,
        description: 'The thing.',
        content: { 'application/xml': { schema: string }, 'application/json': { schema } },
      },
    });
    expect(out.contentType).toBe('application/json');
    expect(out.args[0]?.param).toStrictEqual({ arg: 'body', name: '', in: 'body', required: true });
    expect(out.args[0]?.schema).toMatchObject({ description: 'The thing.', properties: { a: string } });
    const optional = argsOf({ requestBody: { content: { 'application/json': { schema } } } });
    expect(optional.args[0]?.param.required).toBe(false);
    expect(optional.args[0]?.schema).not.toHaveProperty('description');
  });

  it('names the body `body_body` when an argument is already called body; ignores a description that is not text', () => {
    const schema = { type: 'object', properties: { a: string } };
    const swagger = argsOf({
      parameters: [
        { name: 'body', in: 'query', type: 'string' },
        { name: 'b', in: 'body', description: 5, schema },
      ],
    });
    expect(swagger.args.map((a) => a.param.arg)).toEqual(['body', 'body_body']);
    expect(swagger.args[1]?.schema).not.toHaveProperty('description');
    const oas3 = argsOf({
      parameters: [{ name: 'body', in: 'query', schema: string }],
      requestBody: { description: 5, content: { 'application/json': { schema } } },
    });
    expect(oas3.args.map((a) => a.param.arg)).toEqual(['body', 'body_body']);
    expect(oas3.args[1]?.schema).not.toHaveProperty('description');
  });

  it('a body schema that is not an object is open, with the body description only', () => {
    const swagger = argsOf({
      parameters: [{ name: 'b', in: 'body', description: 'Text.', schema: 'no schema' }],
    });
    expect(swagger.args[0]?.schema).toStrictEqual({ description: 'Text.' });
    const oas3 = argsOf({
      requestBody: { description: 'Text.', content: { 'application/json': { schema: ['x'] } } },
    });
    expect(oas3.args[0]?.schema).toStrictEqual({ description: 'Text.' });
    const untyped = argsOf({ parameters: [{ name: 'b', in: 'body', description: 5, schema: ['x'] }] });
    expect(untyped.args[0]?.schema).toStrictEqual({});
  });

  it('reports a name the body requires but never declares', () => {
    const schema = { type: 'object', properties: { a: string }, required: ['a', 'ghost'] };
    expect(argsOf({ parameters: [{ name: 'b', in: 'body', schema }] }).defects).toEqual([
      "body requires 'ghost', which it never declares",
    ]);
    expect(argsOf({ requestBody: { content: { 'application/json': { schema } } } }).defects).toEqual([
      "body requires 'ghost', which it never declares",
    ]);
  });

  it('an operation without a body (or a requestBody without content) has no body and no content type', () => {
    for (const fields of [{}, { requestBody: { description: 'empty' } }, { requestBody: { content: {} } }]) {
      const out = argsOf(fields);
      expect(out).toStrictEqual({ args: [], serverHeaders: [], defects: [] });
      expect('contentType' in out).toBe(false);
    }
  });
});

describe('Accept', () => {
  const exports = {
    responses: {
      '200': {
        content: {
          'application/vnd.campaignsexport.v1+json': {},
          'application/vnd.adgroupsexport.v1+json': {},
        },
      },
    },
  };
  const ACCEPT_TYPES = ['application/vnd.campaignsexport.v1+json', 'application/vnd.adgroupsexport.v1+json'];

  it('a resource-dependent operation gets a required Accept argument unless it declares an Accept header', () => {
    const withPath = argsOf({
      ...exports,
      path: '/e/{id}',
      parameters: [{ name: 'id', in: 'path', type: 'string' }],
    });
    expect(withPath.args.map((a) => a.param)).toStrictEqual([
      { arg: 'id', name: 'id', in: 'path', required: true },
      { arg: 'Accept', name: 'Accept', in: 'header', required: true },
    ]);
    expect(withPath.args[1]?.schema.enum).toEqual(ACCEPT_TYPES);
    const noArgs = argsOf(exports);
    expect(noArgs.args.map((a) => a.param.name)).toEqual(['Accept']);
    const queryAccept = argsOf({ ...exports, parameters: [{ name: 'accept', in: 'query', type: 'string' }] });
    expect(queryAccept.args.map((a) => `${a.param.in}:${a.param.name}`)).toEqual([
      'query:accept',
      'header:Accept',
    ]);
    const otherHeader = argsOf({
      ...exports,
      parameters: [{ name: 'X-Other', in: 'header', type: 'string' }],
    });
    expect(otherHeader.args.map((a) => `${a.param.in}:${a.param.name}`)).toEqual([
      'header:X-Other',
      'header:Accept',
    ]);
    const declared = argsOf({ ...exports, parameters: [{ name: 'accept', in: 'header', type: 'string' }] });
    expect(declared.args.map((a) => a.param)).toStrictEqual([
      { arg: 'accept', name: 'accept', in: 'header', required: false },
    ]);
  });

  it('a declared free-string Accept header takes the success media types as its enum; other headers do not', () => {
    const { args } = argsOf({
      produces: ['application/json', 'text/csv'],
      parameters: [
        { name: 'Accept', in: 'header', type: 'string' },
        { name: 'X-Accept', in: 'header', type: 'string' },
        { name: 'accept', in: 'query', type: 'string' },
      ],
    });
    expect(args.map((a) => a.schema)).toStrictEqual([
      { type: 'string', enum: ['application/json', 'text/csv'] },
      { type: 'string' },
      { type: 'string' },
    ]);
  });
});

describe('a media-type header the spec gives an enum offers only what the operation declares (audit F-8)', () => {
  const SHARED = ['application/vnd.a.v4+json', 'application/vnd.b.v4+json', 'application/vnd.c.v4+json'];
  it('a shared Accept enum keeps the values the 2xx declares (case and parameters aside); its default only if kept', () => {
    const one = argsOf({
      responses: { '200': { content: { 'application/vnd.B.v4+json; charset=utf-8': {} } } },
      parameters: [
        { name: 'Accept', in: 'header', schema: { type: 'string', enum: SHARED, default: SHARED[0] } },
      ],
    });
    expect(one.args[0]?.schema).toStrictEqual({ type: 'string', enum: ['application/vnd.b.v4+json'] });
    const kept = argsOf({
      responses: { '200': { content: { 'application/vnd.a.v4+json': {}, 'application/vnd.c.v4+json': {} } } },
      parameters: [
        { name: 'Accept', in: 'header', schema: { type: 'string', enum: SHARED, default: SHARED[0] } },
      ],
    });
    expect(kept.args[0]?.schema).toStrictEqual({
      type: 'string',
      enum: ['application/vnd.a.v4+json', 'application/vnd.c.v4+json'],
      default: 'application/vnd.a.v4+json',
    });
  });
  it('an enum naming none of the declared types becomes the declared types; no declared type leaves it as it is', () => {
    const none = argsOf({
      produces: ['text/csv'],
      parameters: [{ name: 'Accept', in: 'header', type: 'string', enum: ['application/json'] }],
    });
    expect(none.args[0]?.schema).toStrictEqual({ type: 'string', enum: ['text/csv'] });
    const undeclared = argsOf({
      parameters: [{ name: 'Accept', in: 'header', type: 'string', enum: ['application/json'] }],
    });
    expect(undeclared.args[0]?.schema).toStrictEqual({ type: 'string', enum: ['application/json'] });
  });
  it('a Content-Type enum keeps the request types the body declares', () => {
    const { args } = argsOf({
      requestBody: { content: { 'application/vnd.x.v1+json': { schema: { type: 'object' } } } },
      parameters: [
        {
          name: 'Content-Type',
          in: 'header',
          schema: { type: 'string', enum: ['application/vnd.x.v1+json', 'application/json'] },
        },
      ],
    });
    expect(args[0]?.schema).toStrictEqual({ type: 'string', enum: ['application/vnd.x.v1+json'] });
  });
});

describe('media types and responses', () => {
  it('pickMediaType prefers JSON (vendor +json too), else the first declared', () => {
    expect(pickMediaType(['text/plain', 'application/json'])).toBe('application/json');
    expect(pickMediaType(['text/csv', 'application/problem+json'])).toBe('application/problem+json');
    expect(pickMediaType(['text/csv', 'application/jsonl'])).toBe('text/csv');
    expect(pickMediaType(['text/csv'])).toBe('text/csv');
    expect(pickMediaType([])).toBeUndefined();
  });

  it('placeholdersOf lists the path placeholders in order', () => {
    expect(placeholdersOf('/a/{x}/b/{y-z}')).toEqual(['x', 'y-z']);
    expect(placeholdersOf('/a')).toEqual([]);
  });

  it('acceptOf: Swagger produces first, else the first 2xx response with content', () => {
    expect(acceptOf(op({ produces: ['application/xml', 'application/json'] }))).toBe('application/json');
    expect(
      acceptOf(
        op({
          responses: {
            '400': { content: { 'application/problem+json': {} } },
            '200': { content: {} },
            '201': { content: { 'text/csv': {}, 'application/json': {} } },
          },
        }),
      ),
    ).toBe('application/json');
    expect(
      acceptOf(op({ responses: { '402': { content: { 'text/csv': {} } }, '204': {} } })),
    ).toBeUndefined();
    expect(acceptOf(op({ responses: { '200': 'not an object' } }))).toBeUndefined();
  });

  it('acceptOf tries the 2xx codes in sorted order, not in the order the spec declares them', () => {
    // Object.keys already lists integer-like keys ascending; other spellings keep their declaration order.
    const responses = {
      '2xx': { content: { 'text/csv': {} } },
      '2XX': { content: { 'application/xml': {} } },
    };
    expect(acceptOf(op({ responses }))).toBe('application/xml');
  });

  it('errorsInSuccess: only a 2xx schema that requires `errors` (directly, in allOf, or in content)', () => {
    const requires = { type: 'object', required: ['errors'] };
    expect(errorsInSuccess(op({ responses: { '200': { schema: requires } } }))).toBe(true);
    expect(errorsInSuccess(op({ responses: { '207': { schema: { allOf: [{}, requires] } } } }))).toBe(true);
    expect(
      errorsInSuccess(
        op({
          responses: { '200': { content: { 'text/csv': 'x', 'application/json': { schema: requires } } } },
        }),
      ),
    ).toBe(true);
    expect(errorsInSuccess(op({ responses: { '400': { schema: requires } } }))).toBe(false);
    expect(errorsInSuccess(op({ responses: { '402': { schema: requires } } }))).toBe(false);
    expect(
      errorsInSuccess(
        op({ responses: { '400': { content: { 'application/json': { schema: requires } } } } }),
      ),
    ).toBe(false);
    expect(errorsInSuccess(op({ responses: { '200': { schema: { required: ['data'] } } } }))).toBe(false);
    expect(
      errorsInSuccess(op({ responses: { '200': { schema: { allOf: [{ required: ['data'] }] } } } })),
    ).toBe(false);
    expect(errorsInSuccess(op({ responses: { '200': { content: { 'application/json': {} } } } }))).toBe(
      false,
    );
    expect(errorsInSuccess(op({ responses: { '200': null } }))).toBe(false);
  });
});
