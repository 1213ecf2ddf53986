import { BANNER_ARTICLE_ID, OFFICIAL_BLOG_ID } from '@repolog/contract/constants';
import { Link } from 'react-router';
import { Carousel, type CarouselSlide } from '../../../components/ui/carousel';
import { i18n, useMessages } from '../../../i18n';
import styles from './home.module.css';

const messages = i18n('bannerCarousel', {
  label: 'Featured',
  officialKicker: 'Official',
  officialText: 'Releases, notices and community news from the team that builds Repolog.',
  officialAction: 'Read the notices',
  promiseKicker: 'Repository → tech blog',
  promiseTitle: 'Turn your repository into a real-time collaborative tech blog',
  promiseTagLinked: 'Repository-linked',
  promiseTagIssues: 'Issues → breakthroughs',
  promiseTagTeam: 'Team-run',
  featuredKicker: 'Featured breakthrough',
  featuredText: 'From an issue and a commit to a story the team can read.',
  featuredAction: 'Read the breakthrough',
});

type BannerTexts = ReturnType<typeof messages.get>;

interface BannerProps {
  /** The picture behind the words: decoration only (alt=""). */
  art: string;
  /** Light art takes dark words; the others light words. */
  light?: boolean;
  eager?: boolean;
  kicker: string;
  title: string;
  text?: string;
  tags?: string[];
  action?: string;
}

/**
 * One banner: its words are text over the art, so they wrap and stay readable on a phone
 * instead of shrinking with a picture.
 */
function Banner({
  art,
  light = false,
  eager = false,
  kicker,
  title,
  text,
  tags,
  action,
}: BannerProps) {
  return (
    <div className={`${styles.banner} ${light ? styles.bannerLight : ''}`}>
      <img
        className={styles.bannerArt}
        src={art}
        alt=""
        width={1200}
        height={360}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
      />
      <div className={styles.bannerWords}>
        <span className={styles.bannerKicker}>{kicker}</span>
        <span className={styles.bannerTitle}>{title}</span>
        {text && <span className={styles.bannerText}>{text}</span>}
        {tags && (
          <span className={styles.bannerTags}>
            {tags.map((tag) => (
              <span key={tag} className={styles.bannerTag}>
                {tag}
              </span>
            ))}
          </span>
        )}
        {action && (
          <span className={styles.bannerAction}>
            {action} <span aria-hidden="true">→</span>
          </span>
        )}
      </div>
    </div>
  );
}

/** Spec §2: three banners; the first opens the official blog, the third the featured article. */
const slides = (t: BannerTexts): CarouselSlide[] => [
  {
    key: 'official',
    content: (
      <Link to={`/blog/${OFFICIAL_BLOG_ID}`} className={styles.bannerLink}>
        <Banner
          art="/banners/official-notice.svg"
          eager
          kicker={t.officialKicker}
          // The official blog's name.
          title="Repolog Official"
          text={t.officialText}
          action={t.officialAction}
        />
      </Link>
    ),
  },
  {
    key: 'promise',
    content: (
      <Banner
        art="/banners/collaborative-blog.svg"
        kicker={t.promiseKicker}
        title={t.promiseTitle}
        tags={[t.promiseTagLinked, t.promiseTagIssues, t.promiseTagTeam]}
      />
    ),
  },
  {
    key: 'featured',
    content: (
      <Link to={`/breakthrough/${BANNER_ARTICLE_ID}`} className={styles.bannerLink}>
        <Banner
          art="/banners/featured-breakthrough.svg"
          light
          kicker={t.featuredKicker}
          // The featured article's own title.
          title="Lazy-loading the markdown editor cut our first load by 38%"
          text={t.featuredText}
          action={t.featuredAction}
        />
      </Link>
    ),
  },
];

/** The home banner carousel with the timings of spec §9. */
export function BannerCarousel() {
  const t = useMessages(messages);
  return (
    <Carousel slides={slides(t)} label={t.label} interval={2500} speed={1000} resizeDebounce={50} />
  );
}
