/**
 * A message's plain text with its links (web addresses, emails) made clickable by linkify-it.
 * Everything is rendered as React text nodes, never as HTML, so `<b>` in a message shows as
 * written. Only http(s) and mailto links become anchors; they open in a new tab without the
 * opener.
 */
import { linkifyit } from 'linkify-it';
import type { ReactNode } from 'react';

const linkify = linkifyit();
const SAFE_LINK = /^(https?:|mailto:)/i;

export function MessageText({ text }: { text: string }) {
  const matches = (text ? linkify.match(text) : null) ?? [];
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of matches) {
    if (!SAFE_LINK.test(match.url)) continue;
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(
      <a key={match.index} href={match.url} target="_blank" rel="noopener noreferrer nofollow" className="break-all font-medium underline underline-offset-2">
        {match.text}
      </a>,
    );
    at = match.lastIndex;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <p className="whitespace-pre-wrap break-words">{parts}</p>;
}
