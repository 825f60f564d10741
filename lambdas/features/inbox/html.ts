/**
 * An HTML mail body as plain text lines, without a DOM and without running anything: one forward pass
 * over the markup (so a hostile body costs time in proportion to its length, never more), dropping
 * scripts, styles, comments, the head and anything hidden, breaking lines where blocks and table rows
 * end, and decoding entities. Cells of a row stay on one line, a space apart, as a letter's table reads.
 */

/** Elements whose content is never text a reader sees. */
const SKIPPED = new Set([
  'script',
  'style',
  'head',
  'title',
  'template',
  'noscript',
  'svg',
  'math',
  'object',
  'iframe',
]);
/** Elements that end a line. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
  'center',
]);
/** Elements that separate a row's cells. */
const CELLS = new Set(['td', 'th']);
/** Void elements have no closing tag, so they never open a hidden span. */
const VOID = new Set([
  'br',
  'hr',
  'img',
  'input',
  'meta',
  'link',
  'area',
  'base',
  'col',
  'embed',
  'source',
  'wbr',
]);

const NAMED: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  pound: '£',
  euro: '€',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  zwnj: '',
  zwj: '',
  shy: '',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
};

/** Decodes entities: named ones letters use, and every numeric one (invalid code points dropped). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return '';
      return code === 0xa0 ? ' ' : String.fromCodePoint(code);
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

/** Whether a start tag's attributes hide it: `hidden`, or `display:none` / `visibility:hidden` in its style. */
function hides(attributes: string): boolean {
  const lower = attributes.toLowerCase();
  if (/(?:^|\s)hidden(?:\s|=|$)/.test(lower) || /aria-hidden\s*=\s*["']?true/.test(lower)) return true;
  const style = /style\s*=\s*("([^"]*)"|'([^']*)')/.exec(lower);
  const css = (style?.[2] ?? style?.[3] ?? '').replace(/\s+/g, '');
  return /display:none|visibility:hidden|max-height:0(?![.\d])|font-size:0(?![.\d])/.test(css);
}

/**
 * The text of `html`, its lines trimmed and spaces collapsed (empty lines dropped). `maxChars` caps the
 * markup read, so the cost is bounded whatever arrives.
 */
export function htmlToText(html: string, maxChars = 2_000_000): string {
  const source = html.length > maxChars ? html.slice(0, maxChars) : html;
  const lower = source.toLowerCase();
  let out = '';
  let i = 0;
  // Inside a hidden element: its name and how deep in same-named elements we are.
  let hiddenTag: string | null = null;
  let hiddenDepth = 0;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const textEnd = lt === -1 ? source.length : lt;
    if (hiddenTag === null && textEnd > i)
      out += decodeEntities(source.slice(i, textEnd).replace(/\s+/g, ' '));
    if (lt === -1) break;
    // Comments, CDATA and declarations run to their own end.
    if (lower.startsWith('<!--', lt)) {
      const end = lower.indexOf('-->', lt + 4);
      i = end === -1 ? source.length : end + 3;
      continue;
    }
    if (source[lt + 1] === '!' || source[lt + 1] === '?') {
      const end = source.indexOf('>', lt);
      i = end === -1 ? source.length : end + 1;
      continue;
    }
    const tag = /^<(\/?)([a-z][a-z0-9-]*)/i.exec(source.slice(lt, lt + 64));
    if (!tag) {
      // A '<' that starts no tag is text.
      if (hiddenTag === null) out += '<';
      i = lt + 1;
      continue;
    }
    const end = findTagEnd(source, lt + tag[0].length);
    const closing = tag[1] === '/';
    const name = tag[2]!.toLowerCase();
    const attributes = source.slice(lt + tag[0].length, end);
    i = end + 1;
    if (hiddenTag !== null) {
      if (name === hiddenTag && !VOID.has(name))
        hiddenDepth += closing ? -1 : attributes.trimEnd().endsWith('/') ? 0 : 1;
      if (hiddenDepth === 0) hiddenTag = null;
      continue;
    }
    if (!closing && SKIPPED.has(name)) {
      // Raw content: skip to the matching close tag, or drop the rest when there is none.
      const close = lower.indexOf(`</${name}`, i);
      i = close === -1 ? source.length : findTagEnd(source, close) + 1;
      continue;
    }
    if (!closing && !VOID.has(name) && hides(attributes) && !attributes.trimEnd().endsWith('/')) {
      hiddenTag = name;
      hiddenDepth = 1;
      continue;
    }
    if (BLOCKS.has(name)) out += '\n';
    else if (CELLS.has(name)) out += '  ';
  }
  return out
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The index of the '>' ending a tag whose attributes start at `from`, skipping quoted values (a quote
 * opens one only straight after '=', as browsers read it, so `alt=it's` does not swallow the page).
 */
function findTagEnd(source: string, from: number): number {
  let quote: string | null = null;
  let afterEquals = false;
  for (let j = from; j < source.length; j++) {
    const c = source[j]!;
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === '>') return j;
    if ((c === '"' || c === "'") && afterEquals) quote = c;
    if (c === '=') afterEquals = true;
    else if (!/\s/.test(c)) afterEquals = false;
  }
  return source.length;
}
