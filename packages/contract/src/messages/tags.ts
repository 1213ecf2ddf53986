/** Tags and series of breakthroughs (issue 21). */
export const tagMessages = {
  'tags.invalid':
    'Tag "{tag}" is not allowed: a tag is 1–30 characters of lowercase letters, digits and + # . -',
  'tags.tooMany': 'A breakthrough may have at most {max} tags.',
  'series.notFound': 'There is no series with id {seriesId}.',
  'series.membersOnly': 'Only members of this blog can change its series.',
  'series.notInBlog': 'Breakthrough {articleId} is not in this blog.',
} as const;
