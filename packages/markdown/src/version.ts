/**
 * The version of what renderMarkdown (render.ts) and markdownToText (plain-text.ts) produce.
 * Bump it whenever their output changes (a plugin, the sanitizer schema, highlighting): the
 * server stores rendered bodies with the version that made them and re-renders older ones in
 * the background. (Its own file, so reading it does not load the pipeline.)
 */
export const PIPELINE_VERSION = 3;
