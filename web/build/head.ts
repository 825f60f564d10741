/** The head of a prerendered page: its title and description, canonical link, Open Graph and Twitter cards. */
import { PRODUCT_NAME } from '../../shared/brand.ts';
import { SITE_ORIGIN_MARKER } from '../../shared/sitePaths.ts';
import { OG_IMAGE } from './ogImage.ts';

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The site's absolute URL of `path`; the origin is filled in where the build is served (SITE_ORIGIN_MARKER). */
export const siteUrl = (path: string) => `${SITE_ORIGIN_MARKER}${path}`;

export function headTags(page: { path: string; title: string; description: string }): string {
  const url = siteUrl(page.path);
  const image = siteUrl(`/${OG_IMAGE.file}`);
  const meta = (attr: 'name' | 'property', key: string, content: string | number) =>
    `<meta ${attr}="${key}" content="${escapeHtml(String(content))}">`;
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', OG_IMAGE.width),
    meta('property', 'og:image:height', OG_IMAGE.height),
    meta('property', 'og:image:alt', OG_IMAGE.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', OG_IMAGE.alt),
  ].join('');
}

/** sitemap.xml: every prerendered page, at the site's origin. */
export function sitemap(paths: readonly string[]): string {
  const urls = paths.map((path) => `<url><loc>${escapeHtml(siteUrl(path))}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}
