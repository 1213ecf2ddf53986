import mjml2html from 'mjml';

/** What every email says, in its recipient's language (email-texts.ts fills it). */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Lines of a list (digests): a title linking to its page, and a note. */
  items?: { title: string; url: string; note: string }[];
  action?: { label: string; url: string };
  footer: {
    /** Why this email came ("You get this because …"). */
    reason: string;
    preferencesLabel: string;
    preferencesUrl: string;
    unsubscribe?: { label: string; url: string };
  };
  siteName: string;
  siteUrl: string;
  language: 'en' | 'ko';
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Fills `{{name}}` slots with escaped values, or `{{{name}}}` slots with markup made here. */
function fill(
  template: string,
  values: Record<string, string>,
  markup: Record<string, string> = {},
) {
  return template
    .replace(/\{\{\{(\w+)\}\}\}/g, (_, name: string) => markup[name] ?? '')
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => escapeHtml(values[name] ?? ''));
}

// The templates (MJML: responsive tables that mail clients render alike).
const LAYOUT = `<mjml lang="{{language}}">
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-attributes>
      <mj-all font-family="-apple-system, 'Segoe UI', Roboto, 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif" />
      <mj-text font-size="15px" line-height="1.6" color="#1f2328" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f6f8fa">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text font-size="18px" font-weight="700"><a href="{{siteUrl}}" style="color:#1f2328;text-decoration:none">{{siteName}}</a></mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px">
      <mj-column>
        <mj-text font-size="20px" font-weight="700">{{heading}}</mj-text>
        {{{paragraphs}}}
        {{{items}}}
        {{{action}}}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="12px" color="#59636e">{{reason}} <a href="{{preferencesUrl}}" style="color:#0969da">{{preferencesLabel}}</a>{{{unsubscribe}}}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
const PARAGRAPH = `<mj-text>{{text}}</mj-text>`;
const ITEM = `<mj-text padding-top="4px" padding-bottom="4px"><a href="{{url}}" style="color:#0969da;font-weight:600">{{title}}</a><br /><span style="color:#59636e;font-size:13px">{{note}}</span></mj-text>`;
const ACTION = `<mj-button href="{{url}}" background-color="#1f883d" border-radius="6px" align="left">{{label}}</mj-button>`;
const UNSUBSCRIBE = ` · <a href="{{url}}" style="color:#0969da">{{label}}</a>`;

/** The HTML part: the MJML layout, filled and compiled. */
export async function renderHtml(content: EmailContent): Promise<string> {
  const { footer } = content;
  const markup = {
    paragraphs: content.paragraphs.map((text) => fill(PARAGRAPH, { text })).join('\n'),
    items: (content.items ?? []).map((item) => fill(ITEM, item)).join('\n'),
    action: content.action ? fill(ACTION, content.action) : '',
    unsubscribe: footer.unsubscribe ? fill(UNSUBSCRIBE, footer.unsubscribe) : '',
  };
  const source = fill(
    LAYOUT,
    {
      language: content.language,
      subject: content.subject,
      siteName: content.siteName,
      siteUrl: content.siteUrl,
      heading: content.heading,
      reason: footer.reason,
      preferencesUrl: footer.preferencesUrl,
      preferencesLabel: footer.preferencesLabel,
    },
    markup,
  );
  const result = await mjml2html(source, { validationLevel: 'strict' });
  return result.html;
}

/** The plain-text part: the same content, line by line. */
export function renderText(content: EmailContent): string {
  const { footer } = content;
  return [
    content.heading,
    '',
    ...content.paragraphs.flatMap((text) => [text, '']),
    ...(content.items ?? []).flatMap((item) => [
      `- ${item.title}`,
      `  ${item.note}`,
      `  ${item.url}`,
    ]),
    ...(content.items?.length ? [''] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '-- ',
    `${content.siteName} · ${content.siteUrl}`,
    footer.reason,
    `${footer.preferencesLabel}: ${footer.preferencesUrl}`,
    ...(footer.unsubscribe ? [`${footer.unsubscribe.label}: ${footer.unsubscribe.url}`] : []),
    '',
  ].join('\n');
}
