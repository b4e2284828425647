// The conformance suite's input-required fixtures (SEP-2322, 2026-07-28): tools and a prompt that ask for input.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { isPlainObject } from '@obmcp/contract/internal/validation/json-type.js';
import type { RawTool } from '../server/create-server.js';

type Answers = Record<string, Record<string, unknown>>;

/** This process's key for requestState: the client echoes the state, it cannot forge or alter it. */
const KEY = randomBytes(32);

const mac = (payload: string) => createHmac('sha256', KEY).update(payload).digest('base64url');

/** `<payload>.<HMAC>`: opaque to the client, checked on the way back. */
function sign(state: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}.${mac(payload)}`;
}

/** The state a retried request echoed, or -32602 when it was altered (or is not ours). */
function verified(ctx: ServerContext): Record<string, unknown> | undefined {
  const raw = ctx.mcpReq.requestState();
  if (raw === undefined) return undefined;
  const [payload = '', tag = ''] = typeof raw === 'string' ? raw.split('.') : [];
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(tag);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid requestState: integrity check failed');
  }
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const answers = (ctx: ServerContext): Answers => (ctx.mcpReq.inputResponses ?? {}) as Answers;

const elicit = (message: string, property: string, type = 'string') => ({
  method: 'elicitation/create',
  params: {
    message,
    requestedSchema: { type: 'object', properties: { [property]: { type } }, required: [property] },
  },
});
const sample = (text: string, maxTokens: number) => ({
  method: 'sampling/createMessage',
  params: { messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens },
});
const ROOTS = { method: 'roots/list', params: {} };

const inputRequired = (inputRequests: Record<string, unknown>, requestState?: string): Result => ({
  resultType: 'input_required',
  inputRequests,
  ...(requestState === undefined ? {} : { requestState }),
});
const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const content = (answer: Record<string, unknown> | undefined) =>
  isPlainObject(answer?.content) ? answer.content : {};

const NO_ARGS = { type: 'object' as const, properties: {} };
const tool = (name: string, description: string, handler: RawTool['handler']): RawTool => ({
  tool: { name, description: `${description} (conformance fixture, 2026-07-28)`, inputSchema: NO_ARGS },
  handler,
});

/** The suite's `test_input_required_result_*` tools. */
export const inputFixtureTools: readonly RawTool[] = [
  tool('test_input_required_result_elicitation', 'Asks for a name, then greets', async (_args, ctx) => {
    const name = answers(ctx).user_name;
    if (!name) return inputRequired({ user_name: elicit('What is your name?', 'name') });
    return text(`Hello, ${String(content(name).name ?? 'there')}!`);
  }),
  tool('test_input_required_result_sampling', 'Asks the client model a question', async (_args, ctx) => {
    const reply = answers(ctx).capital_question;
    if (!reply) return inputRequired({ capital_question: sample('What is the capital of France?', 100) });
    const said = isPlainObject(reply.content) ? reply.content.text : undefined;
    return text(`The model said: ${String(said ?? '')}`);
  }),
  tool('test_input_required_result_list_roots', "Asks for the client's roots", async (_args, ctx) => {
    const reply = answers(ctx).client_roots;
    if (!reply) return inputRequired({ client_roots: ROOTS });
    const roots = Array.isArray(reply.roots) ? reply.roots : [];
    return text(`Roots: ${roots.map((r) => String((r as { uri?: unknown }).uri)).join(', ')}`);
  }),
  tool(
    'test_input_required_result_request_state',
    'Round-trips a signed requestState',
    async (_args, ctx) => {
      const state = verified(ctx);
      if (!answers(ctx).confirm || state?.step !== 'confirm') {
        return inputRequired(
          { confirm: elicit('Please confirm', 'ok', 'boolean') },
          sign({ step: 'confirm' }),
        );
      }
      return text('Confirmed: state-ok');
    },
  ),
  tool('test_input_required_result_multiple_inputs', 'Asks for three inputs at once', async (_args, ctx) => {
    const given = answers(ctx);
    const state = verified(ctx);
    if (state?.step === 'all' && given.user_name && given.greeting && given.client_roots) {
      return text(`Hello, ${String(content(given.user_name).name ?? 'there')}: all three inputs received.`);
    }
    return inputRequired(
      {
        user_name: elicit('What is your name?', 'name'),
        greeting: sample('Generate a greeting', 50),
        client_roots: ROOTS,
      },
      sign({ step: 'all' }),
    );
  }),
  tool('test_input_required_result_multi_round', 'Asks in two rounds', async (_args, ctx) => {
    const given = answers(ctx);
    const state = verified(ctx);
    if (state?.step === 2 && given.step2) {
      return text(`${String(state.name)} likes ${String(content(given.step2).color ?? '')}.`);
    }
    if (state?.step === 1 && given.step1) {
      const name = String(content(given.step1).name ?? '');
      return inputRequired(
        { step2: elicit('Step 2: What is your favorite color?', 'color') },
        sign({ step: 2, name }),
      );
    }
    return inputRequired({ step1: elicit('Step 1: What is your name?', 'name') }, sign({ step: 1 }));
  }),
  tool('test_input_required_result_tampered_state', 'Refuses an altered requestState', async (_args, ctx) => {
    const state = verified(ctx);
    if (state?.step === 'ok' && answers(ctx).confirm) return text('state intact');
    return inputRequired({ confirm: elicit('Please confirm', 'ok', 'boolean') }, sign({ step: 'ok' }));
  }),
  tool(
    'test_input_required_result_capabilities',
    'Asks only for what the client can answer',
    async (_args, ctx) => {
      const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[
        CLIENT_CAPABILITIES_META_KEY
      ];
      const caps = isPlainObject(declared) ? declared : {};
      const given = answers(ctx);
      const requests: Record<string, unknown> = {};
      if (caps.elicitation !== undefined && !given.user_name)
        requests.user_name = elicit('What is your name?', 'name');
      if (caps.sampling !== undefined && !given.greeting)
        requests.greeting = sample('Generate a greeting', 50);
      if (caps.roots !== undefined && !given.client_roots) requests.client_roots = ROOTS;
      if (Object.keys(requests).length > 0) return inputRequired(requests);
      return text('Nothing more to ask for.');
    },
  ),
];

/** `test_missing_capability`: needs the client's sampling capability; without it -32021 naming it (SEP-2575). */
export const missingCapabilityTool: RawTool = tool(
  'test_missing_capability',
  'Needs the sampling capability',
  async (_args, ctx) => {
    const declared = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[
      CLIENT_CAPABILITIES_META_KEY
    ];
    if (!isPlainObject(declared) || declared.sampling === undefined) {
      throw new MissingRequiredClientCapabilityError(
        { requiredCapabilities: { sampling: {} } },
        'test_missing_capability needs the sampling capability: declare it in _meta clientCapabilities',
      );
    }
    return text('The client declared sampling.');
  },
);

/** A tool with an `x-mcp-header` argument (SEP-2243): its value travels as the Mcp-Param-Region header too. */
export const customHeaderTool: RawTool = {
  tool: {
    name: 'test_custom_header',
    description: 'Echoes its region, which also travels as a header (conformance fixture, 2026-07-28)',
    inputSchema: {
      type: 'object',
      properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
      required: ['region'],
    },
  },
  handler: async (args) => text(`Region: ${String(args.region)}`),
};

/** The prompt `test_input_required_result_prompt`: asks for context, then answers a GetPromptResult. */
export const INPUT_PROMPT = {
  name: 'test_input_required_result_prompt',
  description: 'Asks for context before it is built (conformance fixture, 2026-07-28).',
};

export function inputPromptResult(ctx: ServerContext): Result {
  const given = answers(ctx).user_context;
  if (!given)
    return inputRequired({ user_context: elicit('What context should the prompt use?', 'context') });
  const context = String(content(given).context ?? '');
  return { messages: [{ role: 'user', content: { type: 'text', text: `Use this context: ${context}` } }] };
}
