import type { EmailContent } from './email-layout.js';

/** What an email tells, with the names and titles it shows (read when it is sent). */
export type EmailWhat =
  | { kind: 'comment'; actor: string; title: string; excerpt: string; url: string }
  | { kind: 'invitation'; actor: string; blog: string; url: string }
  | { kind: 'favorite'; actor: string; blog: string; url: string }
  | { kind: 'likes'; actors: string[]; title: string; url: string }
  | { kind: 'daily'; lines: { title: string; url: string; note: string }[] }
  | {
      kind: 'weekly';
      articles: { title: string; url: string; blogName: string; likeCount: number }[];
    }
  | { kind: 'verify'; address: string; url: string };

export interface EmailLinks {
  siteName: string;
  siteUrl: string;
  preferencesUrl: string;
  unsubscribeUrl?: string;
}

type Body = Pick<EmailContent, 'subject' | 'heading' | 'paragraphs' | 'items' | 'action'> & {
  reason: string;
};

const quote = (text: string, language: 'en' | 'ko') =>
  language === 'ko' ? `‘${text}’` : `'${text}'`;

function english(what: EmailWhat): Body {
  switch (what.kind) {
    case 'comment': {
      const subject = `${what.actor} commented on your breakthrough ${quote(what.title, 'en')}`;
      return {
        subject,
        heading: subject,
        paragraphs: [what.excerpt],
        action: { label: 'Read the comment', url: what.url },
        reason: 'You get this email because someone commented on your breakthrough.',
      };
    }
    case 'invitation': {
      const subject = `${what.actor} added you to the blog ${quote(what.blog, 'en')}`;
      return {
        subject,
        heading: subject,
        paragraphs: ['You can now write breakthroughs on this team blog.'],
        action: { label: 'Open the blog', url: what.url },
        reason: 'You get this email because you were added to a blog.',
      };
    }
    case 'favorite': {
      const subject = `${what.actor} added your blog ${quote(what.blog, 'en')} to their favorites`;
      return {
        subject,
        heading: subject,
        paragraphs: [],
        action: { label: 'Open the blog', url: what.url },
        reason: 'You get this email because someone added your blog to their favorites.',
      };
    }
    case 'likes': {
      const count = what.actors.length;
      const subject =
        count === 1
          ? `${what.actors[0] ?? ''} liked your breakthrough ${quote(what.title, 'en')}`
          : `${count} people liked your breakthrough ${quote(what.title, 'en')}`;
      return {
        subject,
        heading: subject,
        paragraphs: count > 1 ? [what.actors.join(', ')] : [],
        action: { label: 'Open the breakthrough', url: what.url },
        reason: 'You get this email because people liked your breakthrough.',
      };
    }
    case 'daily':
      return {
        subject: 'Your daily Repolog digest',
        heading: 'What happened on Repolog today',
        paragraphs: [],
        items: what.lines,
        reason: 'You get this email because you chose a daily digest for these notifications.',
      };
    case 'weekly':
      return {
        subject: 'New breakthroughs in the blogs you follow',
        heading: 'New this week in the blogs you follow',
        paragraphs: [],
        items: what.articles.map((article) => ({
          title: article.title,
          url: article.url,
          note: `${article.blogName} · ${article.likeCount} ${article.likeCount === 1 ? 'like' : 'likes'}`,
        })),
        reason: 'You get this weekly email because you follow these blogs.',
      };
    case 'verify':
      return {
        subject: 'Confirm your email address for Repolog',
        heading: 'Confirm your email address',
        paragraphs: [
          `Repolog will send your notifications to ${what.address} once you confirm it. This link works for 24 hours.`,
          'If you did not ask for this, ignore this email.',
        ],
        action: { label: 'Confirm this address', url: what.url },
        reason: 'You get this email because this address was entered in Repolog settings.',
      };
  }
}

function korean(what: EmailWhat): Body {
  switch (what.kind) {
    case 'comment': {
      const subject = `${what.actor}님이 내 브레이크스루 ${quote(what.title, 'ko')}에 댓글을 남겼습니다`;
      return {
        subject,
        heading: subject,
        paragraphs: [what.excerpt],
        action: { label: '댓글 보기', url: what.url },
        reason: '내 브레이크스루에 댓글이 달려 이 이메일을 보냅니다.',
      };
    }
    case 'invitation': {
      const subject = `${what.actor}님이 나를 블로그 ${quote(what.blog, 'ko')}에 추가했습니다`;
      return {
        subject,
        heading: subject,
        paragraphs: ['이제 이 팀 블로그에 브레이크스루를 쓸 수 있습니다.'],
        action: { label: '블로그 열기', url: what.url },
        reason: '블로그에 추가되어 이 이메일을 보냅니다.',
      };
    }
    case 'favorite': {
      const subject = `${what.actor}님이 내 블로그 ${quote(what.blog, 'ko')}를 즐겨찾기에 추가했습니다`;
      return {
        subject,
        heading: subject,
        paragraphs: [],
        action: { label: '블로그 열기', url: what.url },
        reason: '누군가 내 블로그를 즐겨찾기에 추가해 이 이메일을 보냅니다.',
      };
    }
    case 'likes': {
      const count = what.actors.length;
      const subject =
        count === 1
          ? `${what.actors[0] ?? ''}님이 내 브레이크스루 ${quote(what.title, 'ko')}를 좋아합니다`
          : `${count}명이 내 브레이크스루 ${quote(what.title, 'ko')}를 좋아합니다`;
      return {
        subject,
        heading: subject,
        paragraphs: count > 1 ? [what.actors.join(', ')] : [],
        action: { label: '브레이크스루 열기', url: what.url },
        reason: '내 브레이크스루에 좋아요가 눌려 이 이메일을 보냅니다.',
      };
    }
    case 'daily':
      return {
        subject: 'Repolog 일일 요약',
        heading: '오늘 Repolog에서 있었던 일',
        paragraphs: [],
        items: what.lines,
        reason: '이 알림을 일일 요약으로 받기로 해서 이 이메일을 보냅니다.',
      };
    case 'weekly':
      return {
        subject: '팔로우하는 블로그의 새 브레이크스루',
        heading: '이번 주 팔로우하는 블로그의 새 글',
        paragraphs: [],
        items: what.articles.map((article) => ({
          title: article.title,
          url: article.url,
          note: `${article.blogName} · 좋아요 ${article.likeCount}개`,
        })),
        reason: '이 블로그들을 팔로우해서 매주 이 이메일을 보냅니다.',
      };
    case 'verify':
      return {
        subject: 'Repolog 이메일 주소를 확인하세요',
        heading: '이메일 주소 확인',
        paragraphs: [
          `확인하면 Repolog가 ${what.address}(으)로 알림을 보냅니다. 이 링크는 24시간 동안 쓸 수 있습니다.`,
          '요청한 적이 없다면 이 이메일을 무시하세요.',
        ],
        action: { label: '이 주소 확인', url: what.url },
        reason: 'Repolog 설정에 이 주소가 입력되어 이 이메일을 보냅니다.',
      };
  }
}

/** One daily-digest line, in the recipient's language. */
export function digestLine(
  item: { kind: string; actor: string; title: string },
  language: 'en' | 'ko',
): string {
  const t = quote(item.title, language);
  if (language === 'ko') {
    const ko: Record<string, string> = {
      comment: `${item.actor}님이 ${t}에 댓글을 남겼습니다`,
      invitation: `${item.actor}님이 나를 블로그 ${t}에 추가했습니다`,
      favorite: `${item.actor}님이 블로그 ${t}를 즐겨찾기에 추가했습니다`,
      like: `${item.actor}님이 ${t}를 좋아합니다`,
    };
    return ko[item.kind] ?? t;
  }
  const en: Record<string, string> = {
    comment: `${item.actor} commented on ${t}`,
    invitation: `${item.actor} added you to the blog ${t}`,
    favorite: `${item.actor} added your blog ${t} to their favorites`,
    like: `${item.actor} liked ${t}`,
  };
  return en[item.kind] ?? t;
}

/** The whole content of an email, in English or Korean. */
export function composeEmail(
  what: EmailWhat,
  language: 'en' | 'ko',
  links: EmailLinks,
): EmailContent {
  const { reason, ...body } = language === 'ko' ? korean(what) : english(what);
  const preferencesLabel = language === 'ko' ? '이메일 설정' : 'Email preferences';
  const unsubscribeLabel = language === 'ko' ? '수신 거부' : 'Unsubscribe';
  return {
    ...body,
    language,
    siteName: links.siteName,
    siteUrl: links.siteUrl,
    footer: {
      reason,
      preferencesLabel,
      preferencesUrl: links.preferencesUrl,
      ...(links.unsubscribeUrl
        ? { unsubscribe: { label: unsubscribeLabel, url: links.unsubscribeUrl } }
        : {}),
    },
  };
}
