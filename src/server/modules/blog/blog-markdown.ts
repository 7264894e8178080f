/**
 * Markdown to HTML for blog posts, on the server only (the browser gets the HTML from the API
 * and never loads a Markdown library). markdown-it with `html: false`: raw HTML in a post —
 * `<script>`, `<img onerror=...>` — is escaped and shows as text, never as markup. Links and
 * images may only point to our own paths, http(s), mailto: or tel:; anything else (javascript:,
 * data:, vbscript:) is left as plain text.
 */
import MarkdownIt from 'markdown-it';

// Our own paths ("/book/painting", "#steps", "./x", "../x", "guide"), http(s), mailto: and tel:.
// Not "//host" (another site without a scheme) and nothing with another scheme.
const ALLOWED_URL = /^(?:https?:|mailto:|tel:|\/(?!\/)|#|\.{1,2}\/|[^:/?#]+(?:[/?#]|$))/i;

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });
markdown.validateLink = (url) => ALLOWED_URL.test(url.trim());

// Links that leave the site open as usual but send no referrer and give the page no handle on ours.
const renderLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '');
  if (/^https?:/i.test(href)) tokens[idx]!.attrSet('rel', 'noopener noreferrer');
  return renderLinkOpen(tokens, idx, options, env, self);
};
// Pictures inside a post load when scrolled to.
const renderImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('loading', 'lazy');
  return renderImage(tokens, idx, options, env, self);
};

export interface RenderedMarkdown {
  html: string;
  /** Words of running text (headings, paragraphs, lists), for the reading time. */
  wordCount: number;
  /** Problems that make the post unfit to publish (an `# h1`: the page's title is the only h1). */
  problems: string[];
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** Renders a post's Markdown body to safe HTML and counts its words. */
export function renderMarkdown(source: string): RenderedMarkdown {
  const tokens = markdown.parse(source, {});
  const problems: string[] = [];
  let wordCount = 0;
  for (const token of tokens) {
    if (token.type === 'heading_open' && token.tag === 'h1') problems.push(`line ${(token.map?.[0] ?? 0) + 1}: a "# " heading; the post's title is the page's only h1, start sections with "## "`);
    if (token.type === 'inline') wordCount += token.content.match(WORD)?.length ?? 0;
  }
  return { html: markdown.renderer.render(tokens, markdown.options, {}), wordCount, problems };
}
