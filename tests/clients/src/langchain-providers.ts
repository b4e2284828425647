// LangChain chat models for OpenAI, Anthropic and Google, each building its requests into a provider stub.
import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOpenAI } from '@langchain/openai';
import { withHostFetch } from './global-fetch.js';
import { createProviderStub, type ProviderApi, type ProviderStub } from './provider-stub.js';

type Json = Record<string, unknown>;

const GOOGLE_HOST = 'generativelanguage.googleapis.com';

export interface Provider {
  api: ProviderApi;
  model(stub: ProviderStub): BaseChatModel;
  /** Runs `call` with the stub in place (the Google SDK takes no fetch option: its host is routed instead). */
  around<T>(stub: ProviderStub, call: () => Promise<T>): Promise<T>;
}

const direct = <T>(_: ProviderStub, call: () => Promise<T>) => call();

export const PROVIDERS: Provider[] = [
  {
    api: 'openai-chat',
    model: (stub) =>
      new ChatOpenAI({ model: 'gpt-4.1', apiKey: 'sk-test', configuration: { fetch: stub.fetch } }),
    around: direct,
  },
  {
    api: 'anthropic',
    model: (stub) =>
      new ChatAnthropic({
        model: 'claude-sonnet-4-5',
        apiKey: 'sk-ant-test',
        clientOptions: { fetch: stub.fetch },
      }),
    around: direct,
  },
  {
    api: 'google',
    model: () => new ChatGoogleGenerativeAI({ model: 'gemini-2.5-flash', apiKey: 'g-test' }),
    around: (stub, call) => withHostFetch(GOOGLE_HOST, stub.fetch, call),
  },
];
export const [OPENAI_CHAT] = PROVIDERS as [Provider, ...Provider[]];

/** Request bodies each provider builds for `messages` with every tool bound. */
export async function providerBodies(tools: StructuredToolInterface[], messages: BaseMessage[]) {
  const bodies: { api: ProviderApi; body: Json }[] = [];
  for (const provider of PROVIDERS) {
    const stub = createProviderStub();
    const model = provider.model(stub);
    if (!model.bindTools) throw new Error(`${provider.api}: no bindTools`);
    const bound = model.bindTools(tools);
    await provider.around(stub, () => bound.invoke(messages));
    bodies.push({ api: provider.api, body: stub.last() });
  }
  return bodies;
}
