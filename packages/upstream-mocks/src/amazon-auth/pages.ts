// The fake's HTML: Seller Central's consent page and LWA's sign-in/consent page (plain forms a browser test can drive).

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function frame(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}</body></html>`;
}

export function errorPage(title: string, message: string): string {
  return frame(title, `<h1>${esc(title)}</h1><p>${esc(message)}</p>`);
}

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
    .join('');
}

function accountSelect(accounts: { userId: string; name: string }[]): string {
  return `<label>Sign in as <select name="account" id="account">${accounts
    .map((a) => `<option value="${esc(a.userId)}">${esc(a.name)}</option>`)
    .join('')}</select></label>`;
}

export function sellerCentralConsent(
  appName: string,
  accounts: { userId: string; name: string }[],
  fields: Record<string, string>,
): string {
  return frame(
    'Seller Central: authorize application',
    `<h1>Seller Central (fake)</h1><form method="post" action="/apps/authorize/confirm">${accountSelect(accounts)}
<p>${esc(appName)} asks for access to your selling account through the Selling Partner API.</p>${hidden(fields)}
<button type="submit" name="decision" value="confirm" id="confirm">Confirm</button>
<button type="submit" name="decision" value="cancel" id="cancel">Cancel</button></form>`,
  );
}

export function lwaConsent(
  scopes: string[],
  accounts: { userId: string; name: string }[],
  fields: Record<string, string>,
): string {
  return frame(
    'Login with Amazon',
    `<h1>Login with Amazon (fake)</h1><form method="post" action="/ap/oa/decide">${accountSelect(accounts)}
<p>The app asks for: ${scopes.map(esc).join(', ')}.</p>${hidden(fields)}
<button type="submit" name="decision" value="allow" id="allow">Allow</button>
<button type="submit" name="decision" value="cancel" id="cancel">Cancel</button></form>`,
  );
}
