/** The repository's items (codehost/repo-items): the picker, the import into text. */
export const repoItemMessages = {
  'items.membersOnly':
    "The issues, pull requests and commits of a private repository are shown to its blog's members only.",
  'items.notFound': '{ref} was not found in {repo}.',
  'items.unavailable': '{reason}, so {ref} could not be read. Please try again in a minute.',
  'validation.ref.invalid': 'ref must be issue:<number>, pull:<number> or commit:<SHA>',
  'validation.repoRef.invalid':
    '{name} must name an issue or pull request by type and number, or a commit by type and sha',
} as const;
