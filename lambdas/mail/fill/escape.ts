/**
 * A value escaped as React escapes it, so a filled mail's HTML equals React Email's render byte for
 * byte (lambdas/mail/fill.ts).
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** React encodes its output as UTF-8, which turns a lone surrogate into U+FFFD. */
export const wellFormed = (value: string) => value.replace(LONE_SURROGATE, '\ufffd');

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};
/** React's escapeTextForBrowser, which it applies to text and to attribute values alike. */
export const escapeHtml = (value: string) => value.replace(/["&'<>]/g, (c) => ESCAPES[c] ?? c);
