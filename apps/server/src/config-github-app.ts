import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { envSchema } from './config-env.js';

/** A setting is missing or wrong; the message lists what (the server does not start). */
export class ConfigError extends Error {}

export interface GitHubAppConfig {
  appId: number;
  /** PEM (PKCS#1 as GitHub hands it out, or PKCS#8). */
  privateKey: string;
  /** The App's URL name: github.com/apps/{slug}. */
  slug: string;
  webhookSecret: string;
}

const APP_VARIABLES = [
  'GITHUB_APP_ID',
  'GITHUB_APP_PRIVATE_KEY',
  'GITHUB_APP_SLUG',
  'GITHUB_APP_WEBHOOK_SECRET',
] as const;

/** GITHUB_APP_PRIVATE_KEY: the PEM itself (newlines may be written \\n), or a file holding it. */
function readPrivateKey(value: string): string {
  const inline = value.replace(/\\n/g, '\n').trim();
  if (inline.startsWith('-----BEGIN')) return `${inline}\n`;
  let text: string;
  try {
    text = readFileSync(path.resolve(value), 'utf8');
  } catch {
    throw new ConfigError(
      `GITHUB_APP_PRIVATE_KEY is neither a PEM key nor a readable file (${value}).`,
    );
  }
  if (!text.trim().startsWith('-----BEGIN')) {
    throw new ConfigError(`GITHUB_APP_PRIVATE_KEY's file ${value} does not hold a PEM key.`);
  }
  return text;
}

/** All four GITHUB_APP_* settings, or none. */
export function githubAppConfig(e: z.infer<typeof envSchema>): GitHubAppConfig | undefined {
  const missing = APP_VARIABLES.filter((name) => e[name] === undefined);
  if (missing.length === APP_VARIABLES.length) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(
      `A GitHub App needs every GITHUB_APP_* setting; missing: ${missing.join(', ')}.`,
    );
  }
  return {
    appId: e.GITHUB_APP_ID as number,
    privateKey: readPrivateKey(e.GITHUB_APP_PRIVATE_KEY as string),
    slug: e.GITHUB_APP_SLUG as string,
    webhookSecret: e.GITHUB_APP_WEBHOOK_SECRET as string,
  };
}
