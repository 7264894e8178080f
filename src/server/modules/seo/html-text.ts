/**
 * Escaping for what the server writes into HTML and XML pages itself: text and attribute values,
 * and JSON inside a <script type="application/ld+json"> block.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value (quoted with "), safe in HTML and XML: & < > " ' are escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON for a <script> block: `<`, `>` and `&` become \u escapes so no value can close the
 * script (`</script>`) or open a comment; U+2028/U+2029 too, for old JavaScript parsers.
 * The result parses back to the same value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
