// Clients: registered dynamically (RFC 7591) or identified by a Client ID Metadata Document URL, looked up alike.
import { specTypeSchemas } from '@modelcontextprotocol/server';
import type { KvStore } from '../store/kv-store.js';
import { ClientMetadataError, type ClientMetadataFetcher } from './client-metadata-fetch.js';
import { digest, randomToken, sameSecret } from './random.js';
import { isAcceptableRedirectUri } from './redirect-uris.js';

export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

export interface ClientRecord {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
  token_endpoint_auth_method: ClientAuthMethod;
  /** Digest of the secret (confidential DCR clients). */
  secret_digest?: string;
  kind: 'registered' | 'metadata-document';
}

/** A registration refused: RFC 7591 §3.2.2's error codes. */
export class RegistrationError extends Error {
  constructor(
    readonly code: 'invalid_redirect_uri' | 'invalid_client_metadata',
    message: string,
  ) {
    super(message);
  }
}

const METHODS: readonly ClientAuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];
const REGISTRATION_TTL = 90 * 24 * 3600;
const DOCUMENT_TTL = 300;

function validMetadata(raw: unknown): {
  redirect_uris: string[];
  client_name?: string;
  token_endpoint_auth_method?: string;
  grant_types?: string[];
  response_types?: string[];
  client_id?: unknown;
} {
  const result = specTypeSchemas.OAuthClientMetadata['~standard'].validate(raw);
  if (result instanceof Promise)
    throw new RegistrationError('invalid_client_metadata', 'the client metadata could not be checked');
  if (result.issues !== undefined) {
    const onRedirects = result.issues.some((issue) => {
      // zod names a path for every issue ([] at the root); an entry of redirect_uris is [redirect_uris, i].
      const [field, index] = issue.path as readonly unknown[];
      return field === 'redirect_uris' && index !== undefined;
    });
    throw onRedirects
      ? new RegistrationError(
          'invalid_redirect_uri',
          'a redirect URI is not a valid URL of an allowed scheme',
        )
      : new RegistrationError(
          'invalid_client_metadata',
          'the client metadata is not valid RFC 7591 metadata',
        );
  }
  const value = result.value as {
    redirect_uris: string[];
    client_name?: string;
    token_endpoint_auth_method?: string;
    grant_types?: string[];
    response_types?: string[];
  };
  // A metadata document must name itself: compared with the URL it was fetched from, so it needs no type check.
  return { ...value, client_id: (raw as { client_id?: unknown }).client_id };
}

function checkCommon(meta: ReturnType<typeof validMetadata>): void {
  if (meta.redirect_uris.length === 0 || !meta.redirect_uris.every(isAcceptableRedirectUri)) {
    throw new RegistrationError(
      'invalid_redirect_uri',
      'redirect_uris must be https, http to a loopback host, or an app scheme, without a fragment',
    );
  }
  if (
    meta.grant_types !== undefined &&
    !meta.grant_types.every((g) => g === 'authorization_code' || g === 'refresh_token')
  ) {
    throw new RegistrationError(
      'invalid_client_metadata',
      'only authorization_code and refresh_token grants are supported',
    );
  }
  if (meta.response_types !== undefined && !meta.response_types.every((r) => r === 'code')) {
    throw new RegistrationError('invalid_client_metadata', 'only the code response type is supported');
  }
}

export class ClientRegistry {
  constructor(
    private readonly store: KvStore,
    private readonly fetchDocument: ClientMetadataFetcher,
    /** A loopback test deployment only: http client_id URLs on loopback, fetched by this. */
    private readonly fetchLoopbackDocument?: ClientMetadataFetcher,
  ) {}

  /** RFC 7591 registration: the stored record and the secret (shown once) for a confidential client. */
  async register(raw: unknown): Promise<{ record: ClientRecord; secret?: string }> {
    const meta = validMetadata(raw);
    checkCommon(meta);
    const method = (meta.token_endpoint_auth_method ?? 'client_secret_basic') as ClientAuthMethod;
    if (!METHODS.includes(method)) {
      throw new RegistrationError(
        'invalid_client_metadata',
        `token_endpoint_auth_method must be one of ${METHODS.join(', ')}`,
      );
    }
    const secret = method === 'none' ? undefined : randomToken();
    const record: ClientRecord = {
      client_id: `obmcp-${randomToken().slice(0, 22)}`,
      client_name: (meta.client_name ?? 'Unnamed client').slice(0, 100),
      redirect_uris: meta.redirect_uris,
      token_endpoint_auth_method: method,
      ...(secret === undefined ? {} : { secret_digest: digest(secret) }),
      kind: 'registered',
    };
    await this.store.set(`client:${record.client_id}`, JSON.stringify(record), REGISTRATION_TTL);
    return { record, secret };
  }

  /**
   * The client for a client_id: a registered one, or (an https URL) the metadata document it names, fetched
   * under the SSRF guards, whose client_id must be that URL. Undefined for an unknown or unusable client.
   */
  async find(clientId: string): Promise<ClientRecord | undefined> {
    if (clientId.startsWith('https://')) return this.fromDocument(clientId, this.fetchDocument);
    if (this.fetchLoopbackDocument !== undefined && clientId.startsWith('http://'))
      return this.fromDocument(clientId, this.fetchLoopbackDocument);
    const stored = await this.store.get(`client:${clientId}`);
    return stored === undefined ? undefined : (JSON.parse(stored) as ClientRecord);
  }

  private async fromDocument(
    clientId: string,
    fetchDocument: ClientMetadataFetcher,
  ): Promise<ClientRecord | undefined> {
    const cached = await this.store.get(`client-doc:${clientId}`);
    if (cached !== undefined) return JSON.parse(cached) as ClientRecord;
    let url: URL;
    try {
      url = new URL(clientId);
    } catch {
      return undefined;
    }
    let meta: ReturnType<typeof validMetadata>;
    try {
      meta = validMetadata(await fetchDocument(url));
      checkCommon(meta);
    } catch (error) {
      if (error instanceof ClientMetadataError || error instanceof RegistrationError) return undefined;
      throw error;
    }
    // The document names itself; a client secret has no place in a public document.
    if (meta.client_id !== clientId) return undefined;
    const method = meta.token_endpoint_auth_method ?? 'none';
    if (method !== 'none') return undefined;
    const record: ClientRecord = {
      client_id: clientId,
      client_name: (meta.client_name ?? url.hostname).slice(0, 100),
      redirect_uris: meta.redirect_uris,
      token_endpoint_auth_method: 'none',
      kind: 'metadata-document',
    };
    await this.store.set(`client-doc:${clientId}`, JSON.stringify(record), DOCUMENT_TTL);
    return record;
  }

  /** Whether the presented secret is the client's (constant time); public clients present none. */
  static authenticates(client: ClientRecord, secret: string | undefined): boolean {
    if (client.token_endpoint_auth_method === 'none') return secret === undefined;
    if (secret === undefined || client.secret_digest === undefined) return false;
    return sameSecret(digest(secret), client.secret_digest);
  }
}
