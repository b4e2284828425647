// The AI SDK's OpenAI (Responses), Anthropic and Google models, each building its requests into a given fetch.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModel } from 'ai';
import type { ProviderApi } from './provider-stub.js';

export const AI_SDK_PROVIDERS: {
  api: ProviderApi;
  model: (fetch: typeof globalThis.fetch) => LanguageModel;
}[] = [
  { api: 'openai-responses', model: (fetch) => createOpenAI({ apiKey: 'sk-test', fetch })('gpt-4.1') },
  {
    api: 'anthropic',
    model: (fetch) => createAnthropic({ apiKey: 'sk-ant-test', fetch })('claude-sonnet-4-5'),
  },
  {
    api: 'google',
    model: (fetch) => createGoogleGenerativeAI({ apiKey: 'g-test', fetch })('gemini-2.5-flash'),
  },
];
