// Where a provider request carries the tool result the model reads (the turn after a tool call).
import type { ProviderApi } from './provider-stub.js';

type Json = Record<string, unknown>;

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** The tool-result item of a request body: OpenAI function output / tool message, Anthropic tool_result, Gemini functionResponse. */
export function toolResultIn(api: ProviderApi, body: Json): Json | undefined {
  switch (api) {
    case 'openai-responses':
      return list(body['input']).find((item) => item['type'] === 'function_call_output');
    case 'openai-chat':
      return list(body['messages']).find((message) => message['role'] === 'tool');
    case 'anthropic':
      return list(body['messages'])
        .flatMap((message) => list(message['content']))
        .find((block) => block['type'] === 'tool_result');
    case 'google':
      return list(body['contents'])
        .flatMap((content) => list(content['parts']))
        .find((part) => 'functionResponse' in part);
  }
}
