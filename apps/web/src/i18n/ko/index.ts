/**
 * The Korean catalog: every component's texts, gathered from one file per area of the app. This
 * module is its own chunk; only readers of Korean load it (../index.ts).
 */
import { fillMessage, type KeyedMessage } from '@repolog/contract/message-format';
import type { Catalog, MessageTeller } from '../index';
import { app } from './app';
import { articles } from './articles';
import { blogs } from './blogs';
import { editor } from './editor';
import { errors } from './errors';
import { safety } from './safety';
import { search } from './search';
import { series } from './series';
import { serverMessages } from './server';
import { settings } from './settings';
import { stats } from './stats';
import { ui } from './ui';

export const ko: Catalog = {
  ...app,
  ...ui,
  ...articles,
  ...editor,
  ...blogs,
  ...errors,
  ...search,
  ...series,
  ...safety,
  ...settings,
  ...stats,
};

const serverTexts: Readonly<Record<string, string>> = serverMessages;

/** The API's messages in Korean, by key (./server), after the field a failed check names. */
export const tellMessage: MessageTeller = (message) => {
  const { key, params, field } = (message ?? {}) as Partial<KeyedMessage> & { field?: string };
  if (typeof key !== 'string') return undefined;
  const text = fillMessage({ key, params: params ?? {} }, (name) => serverTexts[name]);
  return text !== undefined && field ? `${field}: ${text}` : text;
};
