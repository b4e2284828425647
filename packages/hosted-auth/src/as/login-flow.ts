// The browser's path: authorize → this client's consent screen → the upstream login → back to the client with a code.
import { cookie, html, readParams, redirect } from '../http/respond.js';
import type { KvStore } from '../store/kv-store.js';
import type { LoginContext, UpstreamLogin } from '../upstream/upstream-login.js';
import type { CredentialVault } from '../vault/vault.js';
import {
  type AuthorizationRequest,
  checkAuthorizationRequest,
  responseUri,
} from './authorization-request.js';
import type { ClientRegistry } from './clients.js';
import type { Grants } from './grants.js';
import { consentPage, errorPage } from './pages.js';
import { digest, randomToken } from './random.js';

/** The browser that started a login; the login only continues in it (a stolen `state` is useless elsewhere). */
const BROWSER_COOKIE = 'obmcp_browser';

interface LoginRecord {
  clientId: string;
  clientName: string;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  scopes: string[];
  resource: string;
  browser: string;
  approved: boolean;
  /** Sealed JSON of what an earlier upstream step kept. */
  stash?: string;
}

export interface LoginFlowDeps {
  serverName: string;
  issuer: string;
  resource: string;
  scopes: string[];
  clients: ClientRegistry;
  grants: Grants;
  store: KvStore;
  vault: CredentialVault;
  upstream: UpstreamLogin;
  loginTtl: number;
  /** The lifetime of a refresh token: the new credential lives as long as the grant the login starts. */
  credentialTtl: number;
  secureCookies: boolean;
  log: (event: string, fields: Record<string, string | number | boolean>) => void;
}

export class LoginFlow {
  constructor(private readonly deps: LoginFlowDeps) {}

  private get consentAction(): string {
    return new URL('/oauth/consent', this.deps.issuer).href;
  }

  private get callbackUrl(): string {
    return new URL('/oauth/callback', this.deps.issuer).href;
  }

  /** GET /oauth/authorize */
  async authorize(request: Request): Promise<Response> {
    const params = await readParams(request);
    const checked = await checkAuthorizationRequest(
      params,
      this.deps.clients,
      this.deps.scopes,
      this.deps.resource,
    );
    if (checked.kind === 'page') {
      this.deps.log('authorize_refused', { reason: checked.title });
      return html(errorPage(checked.title, checked.message), 400);
    }
    if (checked.kind === 'redirect') {
      this.deps.log('authorize_refused', { reason: checked.error });
      return redirect(
        responseUri(checked.redirectUri, {
          error: checked.error,
          error_description: checked.description,
          state: checked.state,
          iss: this.deps.issuer,
        }),
      );
    }
    const browserSecret = cookie(request, BROWSER_COOKIE) ?? randomToken();
    const loginId = randomToken();
    await this.save(loginId, this.recordOf(checked.request, digest(browserSecret)));
    const { client } = checked.request;
    return html(
      consentPage({
        serverName: this.deps.serverName,
        clientName: client.client_name,
        clientId: client.client_id,
        redirectHost: new URL(checked.request.redirectUri).host || checked.request.redirectUri,
        accountLabel: this.deps.upstream.accountLabel,
        scopes: checked.request.scopes,
        requestId: loginId,
        action: this.consentAction,
      }),
      200,
      { 'set-cookie': this.browserCookie(browserSecret) },
    );
  }

  /** POST /oauth/consent: the user's decision about this client. */
  async consent(request: Request): Promise<Response> {
    const params = await readParams(request);
    // No request id reads as "null": no login has that id.
    const loginId = String(params.get('request'));
    const found = await this.load(request, loginId);
    if (found instanceof Response) return found;
    if (params.get('decision') !== 'approve') {
      await this.deps.store.del(`login:${loginId}`);
      this.deps.log('consent_denied', { client: found.clientId });
      return this.back(found, { error: 'access_denied', error_description: 'The user denied the request' });
    }
    await this.save(loginId, { ...found, approved: true });
    return this.deps.upstream.begin(this.context(loginId, undefined));
  }

  /** GET or POST /oauth/callback: what the upstream (or its form) sent back, with our `state`. */
  async callback(request: Request): Promise<Response> {
    const params = await readParams(request);
    // No state reads as "null": no login has that id.
    const loginId = String(params.get('state'));
    const found = await this.load(request, loginId);
    if (found instanceof Response) return found;
    if (!found.approved)
      return html(errorPage('Not approved', 'This login was not approved on the consent screen.'), 400);
    const stash =
      // Stryker disable next-line ConditionalExpression: open(undefined) fails inside and answers undefined (equivalent), see README
      found.stash === undefined
        ? undefined
        : await this.deps.vault.seal.open(found.stash, `stash:${loginId}`);
    const step = await this.deps.upstream.resume(
      params,
      this.context(
        loginId,
        stash === undefined ? undefined : (JSON.parse(stash.plaintext) as Record<string, string>),
      ),
    );
    if (step.kind === 'continue') {
      const sealed =
        step.stash === undefined
          ? found.stash
          : await this.deps.vault.seal.seal(JSON.stringify(step.stash), `stash:${loginId}`);
      // No stash yet stays none (JSON leaves an undefined stash out).
      await this.save(loginId, { ...found, stash: sealed });
      return html(step.html);
    }
    // One outcome per login: whoever takes the record finishes it; a second callback finds nothing.
    const taken = await this.deps.store.take(`login:${loginId}`);
    if (taken === undefined)
      return html(errorPage('Login already finished', 'Start again from your app.'), 400);
    if (step.kind === 'denied') {
      this.deps.log('upstream_denied', { client: found.clientId, upstream: this.deps.upstream.id });
      return this.back(found, { error: 'access_denied', error_description: step.reason });
    }
    if (step.kind === 'failed') {
      this.deps.log('upstream_failed', { client: found.clientId, upstream: this.deps.upstream.id });
      return this.back(found, { error: 'server_error', error_description: step.reason });
    }
    const subject = `${this.deps.upstream.id}:${step.credential.account}`;
    await this.deps.vault.put(subject, step.credential, this.deps.credentialTtl);
    const code = await this.deps.grants.issueCode({
      clientId: found.clientId,
      redirectUri: found.redirectUri,
      codeChallenge: found.codeChallenge,
      scopes: found.scopes,
      resource: found.resource,
      subject,
    });
    this.deps.log('login_completed', { client: found.clientId, upstream: this.deps.upstream.id });
    return this.back(found, { code });
  }

  private back(record: LoginRecord, params: Record<string, string>): Response {
    return redirect(
      responseUri(record.redirectUri, { ...params, state: record.state, iss: this.deps.issuer }),
    );
  }

  private context(loginId: string, stash: Record<string, string> | undefined): LoginContext {
    return { loginId, callbackUrl: this.callbackUrl, stash };
  }

  private recordOf(request: AuthorizationRequest, browser: string): LoginRecord {
    return {
      clientId: request.client.client_id,
      clientName: request.client.client_name,
      redirectUri: request.redirectUri,
      state: request.state,
      codeChallenge: request.codeChallenge,
      scopes: request.scopes,
      resource: request.resource,
      browser,
      approved: false,
    };
  }

  private async save(loginId: string, record: LoginRecord): Promise<void> {
    await this.deps.store.set(`login:${loginId}`, JSON.stringify(record), this.deps.loginTtl);
  }

  /** The login this browser started, or the page that says why not (unknown/expired, or another browser). */
  private async load(request: Request, loginId: string): Promise<LoginRecord | Response> {
    // A login id is never empty, so `login:` alone names no login.
    const stored = await this.deps.store.get(`login:${loginId}`);
    if (stored === undefined) {
      return html(
        errorPage('Login expired', 'This login is unknown or expired. Start again from your app.'),
        400,
      );
    }
    const record = JSON.parse(stored) as LoginRecord;
    const browser = cookie(request, BROWSER_COOKIE);
    if (browser === undefined || digest(browser) !== record.browser) {
      this.deps.log('login_wrong_browser', { client: record.clientId });
      return html(
        errorPage('Wrong browser', 'This login was started in another browser. Start again from your app.'),
        400,
      );
    }
    return record;
  }

  private browserCookie(secret: string): string {
    return `${BROWSER_COOKIE}=${secret}; Path=/oauth; HttpOnly; SameSite=Lax; Max-Age=86400${this.deps.secureCookies ? '; Secure' : ''}`;
  }
}
