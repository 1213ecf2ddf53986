import { escapeHtml, layout } from './html';
import type { StubUser } from './state';

/** The OAuth parameters the page carries through to its POST, unchanged. */
export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  codeChallenge: string;
  codeChallengeMethod: string;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

function accountButton(user: StubUser): string {
  return `<li><button type="submit" class="account" name="login" value="${escapeHtml(user.login)}">
<span><span class="sr-only">Sign in as </span><strong>${escapeHtml(user.name)}</strong></span>
<span class="muted">@${escapeHtml(user.login)}</span>
</button></li>`;
}

/**
 * The stand-in for github.com's authorize screen. The form action is relative ("authorize"
 * resolves to the page's own path), so the page works wherever a host server mounts the stub.
 */
export function renderAuthorizePage(params: AuthorizeParams, users: StubUser[]): string {
  let destination = params.redirectUri;
  try {
    destination = new URL(params.redirectUri).origin;
  } catch {
    // Validated by the caller; fall back to the raw value.
  }
  const scope = params.scope.trim()
    ? params.scope
        .split(/[\s,]+/)
        .filter(Boolean)
        .join(', ')
    : 'public information only';
  const body = `<div class="card">
<p class="demo">Demo stand-in for GitHub — no real GitHub account is used</p>
<h1>Sign in to GitHub (demo)</h1>
<p>This page imitates GitHub's sign-in for demos and tests. Nothing is sent to github.com and no
password is needed: pick one of the demo accounts to continue to
<strong>${escapeHtml(params.clientId)}</strong>.</p>
<p class="muted">Requested access: ${escapeHtml(scope)}. You will be sent back to
<code>${escapeHtml(destination)}</code>.</p>
<form method="post" action="authorize">
${hidden('client_id', params.clientId)}
${hidden('redirect_uri', params.redirectUri)}
${hidden('state', params.state)}
${hidden('scope', params.scope)}
${hidden('code_challenge', params.codeChallenge)}
${hidden('code_challenge_method', params.codeChallengeMethod)}
<fieldset>
<legend>Choose a demo account</legend>
<ul class="plain">
${users.length > 0 ? users.map(accountButton).join('\n') : '<li>No demo accounts are available.</li>'}
</ul>
</fieldset>
<button type="submit" class="secondary" name="cancel" value="1">Cancel</button>
</form>
</div>`;
  return layout('Sign in to GitHub (demo)', body);
}
