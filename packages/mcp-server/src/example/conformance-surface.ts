// The conformance suite's plain-MCP fixtures: content tools, progress, a 2020-12 schema, prompts, resources.
import {
  type CallToolResult,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  type Server,
} from '@modelcontextprotocol/server';
import type { RawTool } from '../server/create-server.js';
import { INPUT_PROMPT, inputPromptResult } from './conformance-input.js';

/** A 1×1 PNG (what the suite asks for: "a minimal test image"). */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A WAV file with a header and no samples (8 kHz, mono, 8-bit): "a minimal test audio file". */
function silentWav(): string {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(0, 40);
  return header.toString('base64');
}

const NO_ARGS = { type: 'object' as const, properties: {} };
const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

const constant = (name: string, description: string, result: CallToolResult): RawTool => ({
  tool: { name, description, inputSchema: NO_ARGS },
  handler: async () => result,
});

/** The JSON Schema 2020-12 keywords the suite checks are kept in the listing (SEP-1613, SEP-2106). */
const SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object' as const,
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's `then` keyword (this object is never awaited)
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

const withProgress: RawTool = {
  tool: {
    name: 'test_tool_with_progress',
    description: 'Reports progress 0, 50, 100 of 100 about 50 ms apart (conformance fixture).',
    inputSchema: NO_ARGS,
  },
  handler: async (_args, ctx) => {
    const token = ctx.mcpReq._meta?.progressToken;
    for (const progress of [0, 50, 100]) {
      if (progress > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      if (token !== undefined) {
        await ctx.mcpReq
          .notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress, total: 100 },
          })
          .catch(() => undefined);
      }
    }
    return text('Progress test completed.');
  },
};

/** The suite's plain-MCP fixture tools (no envelope: they test content shapes, not our contract). */
export const surfaceFixtureTools: readonly RawTool[] = [
  constant(
    'test_simple_text',
    'Returns one text item (conformance fixture).',
    text('This is a simple text response for testing.'),
  ),
  constant('test_error_handling', 'Always answers a tool error (conformance fixture).', {
    isError: true,
    content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
  }),
  constant('test_image_content', 'Returns a PNG image (conformance fixture).', {
    content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
  }),
  constant('test_audio_content', 'Returns a WAV audio clip (conformance fixture).', {
    content: [{ type: 'audio', data: silentWav(), mimeType: 'audio/wav' }],
  }),
  constant('test_embedded_resource', 'Returns an embedded text resource (conformance fixture).', {
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ],
  }),
  constant('test_multiple_content_types', 'Returns text, an image and a resource (conformance fixture).', {
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: JSON.stringify({ test: 'data', value: 123 }),
        },
      },
    ],
  }),
  withProgress,
  {
    tool: {
      name: 'json_schema_2020_12_tool',
      description: 'Tool with JSON Schema 2020-12 features (conformance fixture).',
      inputSchema: SCHEMA_2020_12,
    },
    handler: async () => text('JSON Schema 2020-12 tool called.'),
  },
];

const PROMPTS = [
  { name: 'test_simple_prompt', description: 'A prompt without arguments (conformance fixture).' },
  {
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two arguments (conformance fixture).',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
  },
  {
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt embedding a resource (conformance fixture).',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
  },
  { name: 'test_prompt_with_image', description: 'A prompt with an image (conformance fixture).' },
  INPUT_PROMPT,
];

type Message = {
  role: 'user';
  content:
    | { type: 'text'; text: string }
    | { type: 'image'; data: string; mimeType: string }
    | { type: 'resource'; resource: { uri: string; mimeType: string; text: string } };
};

function promptMessages(name: string, args: Record<string, string>): Message[] {
  const user = (content: Message['content']): Message => ({ role: 'user', content });
  switch (name) {
    case 'test_simple_prompt':
      return [user({ type: 'text', text: 'This is a simple prompt for testing.' })];
    case 'test_prompt_with_arguments':
      return [
        user({ type: 'text', text: `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'` }),
      ];
    case 'test_prompt_with_embedded_resource':
      return [
        user({
          type: 'resource',
          resource: {
            uri: args.resourceUri ?? 'test://example-resource',
            mimeType: 'text/plain',
            text: 'Embedded resource content for testing.',
          },
        }),
        user({ type: 'text', text: 'Please process the embedded resource above.' }),
      ];
    case 'test_prompt_with_image':
      return [
        user({ type: 'image', data: PNG, mimeType: 'image/png' }),
        user({ type: 'text', text: 'Please analyze the image above.' }),
      ];
    default:
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt not found: ${name}`);
  }
}

const TEMPLATE = /^test:\/\/template\/([^/]+)\/data$/;

function readResource(uri: string) {
  if (uri === 'test://static-text') {
    return {
      contents: [{ uri, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
    };
  }
  if (uri === 'test://static-binary') return { contents: [{ uri, mimeType: 'image/png', blob: PNG }] };
  const id = TEMPLATE.exec(uri)?.[1];
  if (id !== undefined) {
    const data = { id, templateTest: true, data: `Data for ID: ${id}` };
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(data) }] };
  }
  throw new ResourceNotFoundError(uri, `Resource not found: ${uri}`);
}

/** Prompts, resources, a resource template and completions, as the suite's reference server has them. */
export function registerSurfaceFixtures(server: Server): void {
  server.registerCapabilities({ prompts: { listChanged: false }, resources: {}, completions: {} });
  server.setRequestHandler('prompts/list', () => ({ prompts: PROMPTS }));
  server.setRequestHandler('prompts/get', (request, ctx) =>
    request.params.name === INPUT_PROMPT.name
      ? (inputPromptResult(ctx) as never)
      : { messages: promptMessages(request.params.name, request.params.arguments ?? {}) },
  );
  server.setRequestHandler('resources/list', () => ({
    resources: [
      {
        uri: 'test://static-text',
        name: 'static-text',
        description: 'A text resource',
        mimeType: 'text/plain',
      },
      {
        uri: 'test://static-binary',
        name: 'static-binary',
        description: 'A PNG resource',
        mimeType: 'image/png',
      },
    ],
  }));
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [
      {
        uriTemplate: 'test://template/{id}/data',
        name: 'template-data',
        description: 'Data for an id',
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler('resources/read', (request) => readResource(request.params.uri));
  server.setRequestHandler('completion/complete', (request) => {
    const value = request.params.argument.value;
    const values = ['paris', 'park', 'party'].filter((v) => v.startsWith(value));
    return { completion: { values, total: values.length, hasMore: false } };
  });
}
