/** Full-text search (search/). */
export const searchMessages = {
  'search.tooManyTerms': 'A search may have at most {max} words.',
  'search.noWords':
    'Type at least one word to search for: "-" (leave out) and quotes alone do not search.',
} as const;
