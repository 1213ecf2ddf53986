import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Bumped when the card's look changes, so every card is made again. */
const CARD_VERSION = 1;

/** What a share card shows. */
export interface CardInput {
  kind: 'breakthrough' | 'blog';
  title: string;
  /** The blog's name under a breakthrough's title; a blog's own description. */
  subtitle: string;
  language: string | null;
  /** YYYY-MM-DD */
  date: string;
}

/** A short hash of everything the card shows: its address changes when its picture would. */
export function cardVersion(input: CardInput): string {
  return createHash('sha256')
    .update(JSON.stringify([CARD_VERSION, input]))
    .digest('base64url')
    .slice(0, 16);
}

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type,
  props: { style, children: children.length === 1 ? children[0] : children },
});

/**
 * Pretendard (OFL, the `pretendard` package): Latin and every Hangul syllable in one file per
 * weight, so a Korean title renders as it does on the page.
 */
let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 700 }[]> | undefined;
function loadFonts() {
  const require = createRequire(import.meta.url);
  const file = (weight: 'Regular' | 'Bold') =>
    require.resolve(`pretendard/dist/public/static/Pretendard-${weight}.otf`);
  fonts ??= Promise.all([
    readFile(file('Bold')).then((data) => ({ name: 'Pretendard', data, weight: 700 as const })),
    readFile(file('Regular')).then((data) => ({ name: 'Pretendard', data, weight: 400 as const })),
  ]);
  return fonts;
}

const clip = (text: string, max: number) => {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
};

/** The 1200 × 630 PNG for link previews (satori lays it out as SVG, resvg paints it). */
export async function renderCard(input: CardInput): Promise<Buffer> {
  const title = clip(input.title, 90);
  const facts = [input.kind === 'blog' ? 'Team tech blog' : input.language, input.date].filter(
    (fact): fact is string => !!fact,
  );
  const tree = h(
    'div',
    {
      // satori sizes the content box: the padding comes on top.
      width: CARD_WIDTH - 144,
      height: CARD_HEIGHT - 128,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      backgroundColor: '#4338ca',
      backgroundImage: 'linear-gradient(135deg, #4338ca 0%, #312e81 100%)',
      color: '#ffffff',
      fontFamily: 'Pretendard',
    },
    h(
      'div',
      { display: 'flex', alignItems: 'center', fontSize: 34, fontWeight: 700 },
      h(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 56,
          height: 56,
          marginRight: 18,
          borderRadius: 14,
          backgroundColor: '#ffffff',
          color: '#4338ca',
        },
        'R',
      ),
      'Repolog',
    ),
    h(
      'div',
      {
        display: 'flex',
        width: CARD_WIDTH - 144,
        fontSize: title.length > 60 ? 56 : 68,
        fontWeight: 700,
        lineHeight: 1.2,
        letterSpacing: '-0.02em',
      },
      title,
    ),
    h(
      'div',
      {
        display: 'flex',
        width: CARD_WIDTH - 144,
        justifyContent: 'space-between',
        fontSize: 32,
        color: '#e0e7ff',
      },
      h('div', { display: 'flex', maxWidth: 760 }, clip(input.subtitle, 48)),
      h('div', { display: 'flex' }, facts.join(' · ')),
    ),
  );
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}
