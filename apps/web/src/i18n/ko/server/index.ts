import type { MessageKey } from '@repolog/contract/messages';
import { articles } from './articles';
import { auth } from './auth';
import { blogs } from './blogs';
import { drafts } from './drafts';
import { email } from './email';
import { github } from './github';
import { http } from './http';
import { media } from './media';
import { repoItems } from './repo-items';
import { search, tags } from './search';
import { safety } from './safety';
import { stats } from './stats';
import { validation } from './validation';

/**
 * The API's messages in Korean: the text of every key of the contract's catalogue
 * (@repolog/contract/messages), a file per area as there. The type makes a missing key an error;
 * catalog.test.ts checks the params.
 */
export const serverMessages = {
  ...auth,
  ...blogs,
  ...articles,
  ...drafts,
  ...media,
  ...search,
  ...tags,
  ...safety,
  ...email,
  ...stats,
  ...github,
  ...repoItems,
  ...http,
  ...validation,
} satisfies Record<MessageKey, string>;
