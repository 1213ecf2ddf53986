import type { ServerResponse } from 'node:http';
import { send } from './http';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif;background:#f6f8fa;color:#1f2328}
main{max-width:44rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #d1d9e0;border-radius:.5rem;padding:1.5rem}
.demo{display:inline-block;background:#fff8c5;border:1px solid #d4a72c;border-radius:2rem;padding:.1rem .75rem;font-size:.875rem;font-weight:600}
h1{font-size:1.5rem;margin:.75rem 0}
a{color:#0969da}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.875em;background:#eff2f5;padding:.1rem .3rem;border-radius:.25rem;word-break:break-all}
pre{white-space:pre-wrap;background:#eff2f5;padding:.75rem;border-radius:.375rem}
fieldset{border:0;padding:0;margin:1rem 0}
legend{font-weight:600;margin-bottom:.5rem}
ul.plain{list-style:none;padding:0;margin:0}
ul.plain li{margin:.5rem 0}
button{font:inherit;cursor:pointer;border-radius:.375rem}
button.account{width:100%;text-align:left;display:flex;justify-content:space-between;gap:1rem;padding:.75rem 1rem;background:#f6f8fa;border:1px solid #d1d9e0;color:#1f2328}
button.account:hover{background:#eaeef2}
button:focus-visible,a:focus-visible{outline:3px solid #0969da;outline-offset:2px}
button.secondary{padding:.4rem 1rem;background:#fff;border:1px solid #d1d9e0;color:#1f2328}
.muted{color:#59636e;font-size:.875rem}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.pill{display:inline-block;border-radius:2rem;padding:0 .5rem;font-size:.75rem;font-weight:600;border:1px solid currentColor}
.open{color:#1a7f37}.closed{color:#8250df}
`;

/** A complete page: every value in `bodyHtml` must already be escaped. */
export function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${bodyHtml}
</main>
</body>
</html>
`;
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  send(res, status, 'text/html; charset=utf-8', html, {
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
}

/** A plain error page, used for OAuth mistakes a developer should see (bad client_id...). */
export function sendHtmlError(
  res: ServerResponse,
  status: number,
  title: string,
  message: string,
): void {
  sendHtml(
    res,
    status,
    layout(
      `${title} · GitHub (demo)`,
      `<div class="card"><p class="demo">Demo stand-in for GitHub</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p></div>`,
    ),
  );
}
