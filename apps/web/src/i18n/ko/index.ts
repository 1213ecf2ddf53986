/**
 * The Korean catalog: every component's texts, gathered from one file per area of the app. This
 * module is its own chunk; only readers of Korean load it (../index.ts).
 */
import { SERVER_MESSAGES, type Catalog } from '../index';
import { app } from './app';
import { articles } from './articles';
import { blogs } from './blogs';
import { editor } from './editor';
import { errors } from './errors';
import { serverMessages } from './server';
import { ui } from './ui';

export const ko: Catalog = {
  ...app,
  ...ui,
  ...articles,
  ...editor,
  ...blogs,
  ...errors,
  [SERVER_MESSAGES]: serverMessages,
};
