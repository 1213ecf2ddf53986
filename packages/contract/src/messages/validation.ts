/**
 * The checks of the contract's request schemas. A validation error names the field apart (the
 * error body's `field`, "body.title"); `{name}` is the field as the API spells it. A field may
 * have its own wording: `validation.<field>.<kind>` is used instead of `validation.<kind>` when
 * the catalogue has it (fieldMessage in ../validation.ts).
 */
export const validationMessages = {
  'validation.required': '{name} is required',
  'validation.notText': '{name} must be text',
  'validation.tooLong': '{name} must be at most {max} characters',
  'validation.notNumber': '{name} must be a number',
  'validation.notWhole': '{name} must be a whole number',
  'validation.notPositive': '{name} must be a positive number',
  'validation.atLeast': '{name} must be at least {min}',
  'validation.atMost': '{name} must be at most {max}',
  'validation.outOfRange': '{name} is out of range',
  'validation.oneOf': '{name} must be one of: {options}',
  /** A check with no message of its own (the schema library's wording, in `detail`). */
  'validation.invalid': '{detail}',

  'validation.title.required': 'title is required',
  'validation.title.tooLong': 'title must be at most {max} characters',
  'validation.title.notText': 'title must be text',
  'validation.content.required': 'content is required',
  'validation.content.tooLong': 'content must be at most {max} characters',
  'validation.content.notText': 'content must be text',
  'validation.blogName.required': 'blogName is required',
  'validation.blogName.tooLong': 'blogName must be at most {max} characters',
  'validation.description.required': 'description is required',
  'validation.description.tooLong': 'description must be at most {max} bytes',
  'validation.gitRepoUrl.required': 'gitRepoUrl is required',
  'validation.gitRepoUrl.tooLong': 'gitRepoUrl must be at most {max} characters',
  'validation.html_url.required': 'html_url is required',
  'validation.html_url.tooLong': 'html_url must be at most {max} characters',
  'validation.problem.tooLong': 'problem must be at most {max} characters',
  'validation.solution.tooLong': 'solution must be at most {max} characters',
  'validation.about.oneOf': 'about must be one of: {options}',
  'validation.username.required': 'username is required',
  'validation.username.tooLong': 'username must be at most {max} characters',
  'validation.login.invalid':
    'login must be a GitHub login: letters, digits and single hyphens, at most 39 characters',
  'validation.blogMember.notLogin':
    'blogMember must hold GitHub user ids (letters, digits and single hyphens)',
  'validation.blogMember.notList': 'blogMember must be a list of GitHub user ids',
  'validation.blogMember.tooMany': 'blogMember may hold at most {max} members',
  'validation.version.notNumber': 'version must be the number of the version this save is based on',
} as const;
