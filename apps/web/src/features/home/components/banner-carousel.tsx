import { BANNER_ARTICLE_ID, OFFICIAL_BLOG_ID } from '@repolog/contract/constants';
import { Link } from 'react-router';
import { Carousel, type CarouselSlide } from '../../../components/ui/carousel';
import styles from './home.module.css';

const WIDTH = 1200;
const HEIGHT = 360;

const banner = (src: string, alt: string, eager: boolean) => (
  <img
    className={styles.banner}
    src={src}
    alt={alt}
    width={WIDTH}
    height={HEIGHT}
    loading={eager ? 'eager' : 'lazy'}
    fetchPriority={eager ? 'high' : 'auto'}
    decoding="async"
  />
);

/** Spec §2: three banners; the first opens the official blog, the third the featured article. */
const SLIDES: CarouselSlide[] = [
  {
    key: 'official',
    content: (
      <Link to={`/blog/${OFFICIAL_BLOG_ID}`}>
        {banner(
          '/banners/official-notice.svg',
          'Repolog Official: releases, notices and community news. Read the notices.',
          true,
        )}
      </Link>
    ),
  },
  {
    key: 'promise',
    content: banner(
      '/banners/collaborative-blog.svg',
      'Turn your repository into a real-time collaborative tech blog.',
      false,
    ),
  },
  {
    key: 'featured',
    content: (
      <Link to={`/breakthrough/${BANNER_ARTICLE_ID}`}>
        {banner(
          '/banners/featured-breakthrough.svg',
          'Featured breakthrough: lazy-loading the markdown editor cut our first load by 38%. Read the breakthrough.',
          false,
        )}
      </Link>
    ),
  },
];

/** The home banner carousel with the timings of spec §9. */
export function BannerCarousel() {
  return (
    <Carousel slides={SLIDES} label="Featured" interval={2500} speed={1000} resizeDebounce={50} />
  );
}
