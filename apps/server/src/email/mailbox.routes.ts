import type { FastifyInstance } from 'fastify';
import type { EmailRepository } from './email.repository.js';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #d1d9e0}
pre{white-space:pre-wrap;background:#f6f8fa;padding:1rem}</style></head><body>${body}</body></html>`;

/**
 * The demo's mailbox (no SMTP_URL in demo mode): every email the demo would have sent, newest
 * first, and each one's HTML part as a mail client would show it, with its text part below.
 */
export function registerMailboxRoutes(app: FastifyInstance, repo: EmailRepository): void {
  app.get('/__mail', async (_request, reply) => {
    const rows = await repo.demoMailList();
    const list = rows
      .map(
        (row) =>
          `<tr><td><a href="/__mail/${row.id}">${escapeHtml(row.subject)}</a></td><td>${escapeHtml(row.toAddress)}</td><td><time>${row.createdAt.toISOString()}</time></td></tr>`,
      )
      .join('');
    const body = `<h1>Demo mailbox</h1><p>Emails Repolog sent in demo mode (no SMTP_URL is set).</p>${
      rows.length
        ? `<table><thead><tr><th>Subject</th><th>To</th><th>Sent</th></tr></thead><tbody>${list}</tbody></table>`
        : '<p>No emails yet.</p>'
    }`;
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    return page('Demo mailbox', body);
  });

  app.get<{ Params: { id: string } }>('/__mail/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const row = Number.isSafeInteger(id) ? await repo.demoMail(id) : undefined;
    reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8');
    if (!row) return reply.code(404).send(page('Not found', '<p>No such email.</p>'));
    const headers = Object.entries(row.headers as Record<string, string>)
      .map(([name, value]) => `${escapeHtml(name)}: ${escapeHtml(value)}`)
      .join('\n');
    // The email's own HTML, as sent, with what a mail client shows around it.
    const top = `<p><a href="/__mail">← Demo mailbox</a></p><h1>${escapeHtml(row.subject)}</h1><p>To: ${escapeHtml(row.toAddress)}</p><pre>${headers}</pre>`;
    const text = `<h2>Text part</h2><pre>${escapeHtml(row.text)}</pre>`;
    return row.html
      .replace(/<body([^>]*)>/i, (match) => `${match}${top}`)
      .replace(/<\/body>/i, () => `${text}</body>`);
  });
}
