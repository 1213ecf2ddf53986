import styles from './markdown-view.module.css';

/**
 * A breakthrough's body, already rendered to safe HTML by @repolog/markdown (on the server for
 * reading, in the editor's preview chunk for writing). That renderer drops raw HTML, sanitizes
 * with GitHub's rules and removes link and image targets outside the protocols of spec §2, so
 * the HTML can be set as it is; the page's Content-Security-Policy blocks inline script too.
 */
export function MarkdownView({ html }: { html: string }) {
  return <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: html }} />;
}
