import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  /** SMTP_URL for the app under test. */
  url: string;
  /** Every email received so far, parsed, in order of arrival. */
  mails: ParsedMail[];
  /** The raw messages, as the server received them. */
  raw: string[];
  /** While true, every message is refused with a temporary failure (a mail server that is down). */
  refusing: boolean;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port (no TLS, no auth), keeping what it receives. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const raw: string[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refusing) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const message = Buffer.concat(chunks);
        raw.push(message.toString('utf8'));
        simpleParser(message)
          .then((mail) => {
            mails.push(mail);
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    raw,
    get refusing() {
      return state.refusing;
    },
    set refusing(on: boolean) {
      state.refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
