// The screens of the login this server shows: the per-client consent screen and error pages.
import { escapeHtml, page } from '../http/respond.js';

export interface ConsentView {
  serverName: string;
  clientName: string;
  clientId: string;
  redirectHost: string;
  accountLabel: string;
  scopes: string[];
  requestId: string;
  action: string;
}

/**
 * The confused-deputy rule: before any upstream login, the user sees which client (its name, its id, where
 * it sends them back) will get access to which account, and approves or denies this client.
 */
export function consentPage(view: ConsentView): string {
  const e = escapeHtml;
  return page(
    `Allow ${view.clientName}?`,
    `<h1>Allow <strong>${e(view.clientName)}</strong> to use ${e(view.serverName)}?</h1>
<p><strong>${e(view.clientName)}</strong> (client id <code>${e(view.clientId)}</code>) asks to act for you through ${e(view.serverName)}.
If you allow it, you will next log in to ${e(view.accountLabel)}, and this client (and only this client) will get access to that account, with the scope <code>${e(view.scopes.join(' '))}</code>.</p>
<p>After you decide, you return to <strong>${e(view.redirectHost)}</strong>. If you do not recognize this client or that address, deny.</p>
<form method="post" action="${e(view.action)}">
<input type="hidden" name="request" value="${e(view.requestId)}">
<button type="submit" name="decision" value="approve" id="approve">Allow and continue</button>
<button type="submit" name="decision" value="deny" id="deny">Deny</button>
</form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
