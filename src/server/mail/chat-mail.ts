/**
 * The chats' offline emails (issue #13), rendered from the locale files (`mail.chat.*` in
 * src/web/locales/{en,es}/mail.json): the customer's batch of unread team replies, in the
 * conversation's language, and the operations alert about a customer waiting for an answer,
 * always in English (as the booking operations mail). Plain text plus HTML in which every piece
 * of text (names, message bodies) is escaped. Pure: data in, message out; chat-fallback.ts loads
 * the data and sends. Times are Tampa time.
 */
import { formatTampaShort, formatTampaTime } from '../../domain/format';
import { translator, type Lang } from '../lib/i18n';

/** One unread team reply, as emailed. */
export interface EmailedReply {
  /** The admin's or worker's name (null: shown as "The team"). */
  senderName: string | null;
  /** Plain text as sent; '' for a photo only. */
  body: string;
  /** Whether a photo came with it. */
  hasAttachment: boolean;
  createdAt: Date;
}

export interface RenderedChatMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: 'chat_replies' | 'chat_waiting_ops';
  language: Lang;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Lines of escaped text as HTML, line breaks kept. */
const htmlLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>\n');

const htmlPage = (body: string) =>
  `<!doctype html>\n<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">\n${body}\n</body></html>\n`;

/**
 * The customer's email about team replies they have not read (one email per batch).
 * @param to the customer's (or guest's) email
 * @param name their name, or null
 * @param replies the unread replies, oldest first (at least one)
 * @param url where the web opens the chat (`<PUBLIC_URL>/?chat=open`)
 */
export function renderChatRepliesMail(input: { to: string; name: string | null; language: Lang; replies: EmailedReply[]; url: string }): RenderedChatMail {
  const lang = input.language;
  const t = translator(lang);
  const count = input.replies.length;
  const greeting = input.name ? t('mail.chat.replies.greeting', { name: input.name }) : t('mail.chat.replies.greetingNoName');
  const intro = t('mail.chat.replies.intro', { count });
  const items = input.replies.map((reply) => ({
    heading: t('mail.chat.replies.line', { sender: reply.senderName ?? t('mail.chat.replies.team'), when: formatTampaShort(reply.createdAt, lang) }),
    body: [reply.body, reply.hasAttachment ? t('mail.chat.replies.image') : ''].filter(Boolean).join('\n'),
  }));
  const open = t('mail.chat.replies.open', { url: input.url });
  const signature = t('mail.signature');
  const text = [greeting, intro, ...items.map((item) => `${item.heading}\n${item.body}`), open, signature].join('\n\n') + '\n';
  const html = htmlPage(
    [
      `<p>${htmlLines(greeting)}</p>`,
      `<p>${htmlLines(intro)}</p>`,
      ...items.map((item) => `<p><strong>${htmlLines(item.heading)}</strong><br>\n${htmlLines(item.body)}</p>`),
      `<p><a href="${escapeHtml(input.url)}">${htmlLines(t('mail.chat.replies.openLink'))}</a></p>`,
      `<p>${htmlLines(signature)}</p>`,
    ].join('\n'),
  );
  return { to: input.to, subject: t('mail.chat.replies.subject', { count }), text, html, template: 'chat_replies', language: lang };
}

/**
 * The operations alert: a customer has waited more than the promise for an answer.
 * @param minutes whole minutes waited so far
 * @param customer the customer's name and contact (email or phone), `guest` for a signed-out visitor
 * @param lastMessage the customer's latest message text, or null
 * @param url the conversation in the admins' inbox (`<PUBLIC_URL>/admin/chats?c=<id>`)
 */
export function renderChatWaitingAlert(input: {
  to: string;
  minutes: number;
  since: Date;
  customer: { name: string | null; contact: string | null; guest: boolean };
  lastMessage: string | null;
  url: string;
}): RenderedChatMail {
  const lang: Lang = 'en';
  const t = translator(lang);
  const unknown = t('mail.chat.waiting.unknown');
  const name = input.customer.name ?? unknown;
  const who = t(input.customer.guest ? 'mail.chat.waiting.guest' : 'mail.chat.waiting.customer', { name, contact: input.customer.contact ?? unknown });
  const lines = [
    t('mail.chat.waiting.intro', { minutes: input.minutes, since: formatTampaTime(input.since, lang) }),
    who,
    ...(input.lastMessage ? [t('mail.chat.waiting.last', { text: input.lastMessage })] : []),
    t('mail.chat.waiting.open', { url: input.url }),
  ];
  const text = lines.join('\n\n') + '\n';
  const html = htmlPage(lines.map((line) => `<p>${htmlLines(line).replace(escapeHtml(input.url), `<a href="${escapeHtml(input.url)}">${escapeHtml(input.url)}</a>`)}</p>`).join('\n'));
  return { to: input.to, subject: t('mail.chat.waiting.subject', { minutes: input.minutes, customer: name }), text, html, template: 'chat_waiting_ops', language: lang };
}
