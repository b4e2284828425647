// A stand-in for a model provider's HTTP API: records each request body a provider SDK builds, answers it in
// that API's own response format (a scripted tool call, else a short text), and never touches the network.

export type ProviderApi = 'openai-responses' | 'openai-chat' | 'anthropic' | 'google';

export interface CapturedRequest {
  url: string;
  body: Record<string, unknown>;
}

export interface ScriptedToolCall {
  name: string;
  args: Record<string, unknown>;
}

export interface ProviderStub {
  fetch: typeof globalThis.fetch;
  requests: CapturedRequest[];
  /** The tool calls the next model turns answer with, one per turn; after them, plain text. */
  script(...calls: ScriptedToolCall[]): void;
  /** The body of the last request (throws when none was made). */
  last(): Record<string, unknown>;
}

const CALL_ID = 'call_obmcp_1';

function apiOf(url: string): ProviderApi {
  if (url.endsWith('/responses')) return 'openai-responses';
  if (url.endsWith('/chat/completions')) return 'openai-chat';
  if (url.endsWith('/messages')) return 'anthropic';
  if (url.includes(':generateContent')) return 'google';
  throw new Error(`provider stub: unexpected request to ${url}`);
}

function reply(api: ProviderApi, call: ScriptedToolCall | undefined): Record<string, unknown> {
  const argsText = JSON.stringify(call?.args ?? {});
  switch (api) {
    case 'openai-responses':
      return {
        id: 'resp_obmcp',
        object: 'response',
        created_at: 1_764_900_000,
        model: 'gpt-4.1',
        status: 'completed',
        incomplete_details: null,
        output: call
          ? [
              {
                type: 'function_call',
                id: 'fc_obmcp',
                call_id: CALL_ID,
                name: call.name,
                arguments: argsText,
              },
            ]
          : [
              {
                type: 'message',
                id: 'msg_obmcp',
                role: 'assistant',
                status: 'completed',
                content: [{ type: 'output_text', text: 'done', annotations: [] }],
              },
            ],
        usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
      };
    case 'openai-chat':
      return {
        id: 'chatcmpl_obmcp',
        object: 'chat.completion',
        created: 1_764_900_000,
        model: 'gpt-4.1',
        choices: [
          {
            index: 0,
            logprobs: null,
            finish_reason: call ? 'tool_calls' : 'stop',
            message: call
              ? {
                  role: 'assistant',
                  content: null,
                  tool_calls: [
                    { id: CALL_ID, type: 'function', function: { name: call.name, arguments: argsText } },
                  ],
                }
              : { role: 'assistant', content: 'done' },
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      };
    case 'anthropic':
      return {
        id: 'msg_obmcp',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: call
          ? [{ type: 'tool_use', id: 'toolu_obmcp', name: call.name, input: call.args }]
          : [{ type: 'text', text: 'done' }],
        stop_reason: call ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      };
    case 'google':
      return {
        candidates: [
          {
            index: 0,
            finishReason: 'STOP',
            content: {
              role: 'model',
              parts: call ? [{ functionCall: { name: call.name, args: call.args } }] : [{ text: 'done' }],
            },
          },
        ],
        usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
      };
  }
}

function urlOf(input: Parameters<typeof globalThis.fetch>[0]): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

export function createProviderStub(): ProviderStub {
  const requests: CapturedRequest[] = [];
  let pending: ScriptedToolCall[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = urlOf(input);
    const raw = init?.body ?? (input instanceof Request ? await input.text() : undefined);
    const body = (typeof raw === 'string' ? JSON.parse(raw) : {}) as Record<string, unknown>;
    requests.push({ url, body });
    const answer = reply(apiOf(url), pending.shift());
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    fetch,
    requests,
    script: (...calls) => {
      pending = calls;
    },
    last: () => {
      const request = requests.at(-1);
      if (!request) throw new Error('provider stub: no request was made');
      return request.body;
    },
  };
}
