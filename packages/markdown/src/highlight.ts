import type { Element, ElementContent, Root } from 'hast';
import { toText } from 'hast-util-to-text';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { createLowlight } from 'lowlight';
import { visit } from 'unist-util-visit';

/**
 * The grammars we ship: the ten languages of the spec plus the usual companions. A fixed,
 * small set keeps this lazy chunk light (all of highlight.js would be ~10x bigger).
 */
const lowlight = createLowlight({
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  java,
  javascript,
  json,
  kotlin,
  python,
  sql,
  swift,
  typescript,
  xml,
  yaml,
});

function languageOf(code: Element): string | undefined {
  const classes = code.properties.className;
  if (!Array.isArray(classes)) return undefined;
  for (const name of classes) {
    if (typeof name === 'string' && name.startsWith('language-')) return name.slice(9);
  }
  return undefined;
}

/**
 * Highlights fenced code blocks whose language we know (```ts, ```python, …). It runs after
 * sanitizing and only adds <span class="hljs-…"> around text, so it cannot add anything unsafe.
 */
export function rehypeHighlight() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, _index, parent) => {
      if (node.tagName !== 'code' || !parent || parent.type !== 'element') return;
      if (parent.tagName !== 'pre') return;
      const language = languageOf(node);
      if (!language || !lowlight.registered(language)) return;
      const result = lowlight.highlight(language, toText(node, { whitespace: 'pre' }));
      node.children = result.children as ElementContent[];
      const classes = Array.isArray(node.properties.className) ? node.properties.className : [];
      node.properties.className = ['hljs', ...classes];
    });
  };
}
