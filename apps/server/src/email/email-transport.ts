import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import type { EmailRepository } from './email.repository.js';

/** One email, ready to go. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The idempotency key: also the Message-ID, so a receiver can drop a repeat. */
  key: string;
  /** RFC 8058 one-click unsubscribe address (absent on an address confirmation). */
  unsubscribeUrl?: string;
}

/** Sends mail; the mailbox writes in the delivery's transaction `tx`. */
export interface MailSender {
  send(mail: OutgoingMail, tx: Db): Promise<void>;
  close(): void;
}

/** A header value on one line: CR, LF and the other line breaks become spaces. */
export const oneLine = (value: string): string =>
  value.replace(/[\r\n\u0085\u2028\u2029]+/g, ' ').trim();

// An address with nothing a header could be split or extended by.
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export const isSafeAddress = (address: string): boolean =>
  address.length <= 254 && ADDRESS.test(address);

function headersOf(mail: OutgoingMail): Record<string, string> {
  return mail.unsubscribeUrl
    ? {
        'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : {};
}

function checked(mail: OutgoingMail): OutgoingMail {
  if (!isSafeAddress(mail.to)) throw new Error('refusing to send to a malformed address');
  return { ...mail, subject: oneLine(mail.subject) };
}

export const messageIdOf = (key: string, publicUrl: string): string =>
  `<${createHash('sha256').update(key).digest('hex').slice(0, 40)}@${new URL(publicUrl).hostname}>`;

/** SMTP through nodemailer (which encodes every header it writes). */
export function smtpSender(options: { url: string; from: string; publicUrl: string }): MailSender {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(input) {
      const mail = checked(input);
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: messageIdOf(mail.key, options.publicUrl),
        headers: headersOf(mail),
      });
    },
    close: () => transport.close(),
  };
}

/** The demo's mailbox: what would be sent is kept for /__mail. */
export function mailboxSender(repo: EmailRepository): MailSender {
  return {
    async send(input, tx) {
      const mail = checked(input);
      await repo.addDemoMail(
        {
          toAddress: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: headersOf(mail),
        },
        tx,
      );
    },
    close: () => undefined,
  };
}
