// A metadata schema that can only answer later is a refused registration, never an unchecked one.
import { describe, expect, it, vi } from 'vitest';

vi.mock('@modelcontextprotocol/server', async (importOriginal) => {
  const sdk = await importOriginal<typeof import('@modelcontextprotocol/server')>();
  const schema = sdk.specTypeSchemas.OAuthClientMetadata;
  const asyncSchema = {
    ...schema,
    '~standard': { ...schema['~standard'], validate: (value: unknown) => Promise.resolve({ value }) },
  };
  return { ...sdk, specTypeSchemas: { ...sdk.specTypeSchemas, OAuthClientMetadata: asyncSchema } };
});

const { ClientRegistry, RegistrationError } = await import('../src/as/clients.js');
const { MemoryStore } = await import('../src/store/memory-store.js');

describe('an asynchronous metadata check', () => {
  it('refuses the registration as invalid_client_metadata', async () => {
    const clients = new ClientRegistry(new MemoryStore(), async () => ({}));
    const error = await clients
      .register({ redirect_uris: ['https://client.test/cb'], token_endpoint_auth_method: 'none' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistrationError);
    expect((error as InstanceType<typeof RegistrationError>).code).toBe('invalid_client_metadata');
    expect((error as Error).message).toBe('the client metadata could not be checked');
  });
});
