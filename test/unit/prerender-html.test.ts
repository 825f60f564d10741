/** The build's page assembly (web/build): head tags, the landing page's scripts, the app shell, the sitemap, the picture. */
import { describe, expect, it } from 'vitest';
import { headTags, sitemap } from '../../web/build/head.ts';
import { OG_IMAGE, ogImagePng } from '../../web/build/ogImage.ts';
import { landingHtml, pageHtml } from '../../web/build/prerender.ts';
import { SITE_ORIGIN_MARKER } from '../../shared/sitePaths.ts';

const SHELL = [
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-2.js"><title>Default</title>',
  '<meta name="description" content="Default"></head><body><div id="root"></div></body></html>',
].join('');

const page = {
  path: '/energy',
  html: '<main>Energy & more</main>',
  head: { title: 'Energy <1>', description: 'A "quote"' },
};

describe('prerendered page HTML', () => {
  it('puts the page in #root with its own head, escaped, and its scripts at low priority', () => {
    const html = pageHtml(SHELL, page);
    expect(html).toContain('<div id="root"><main>Energy & more</main></div>');
    expect(html).not.toContain('<title>Default</title>');
    expect(html).not.toContain('content="Default"');
    expect(html).toContain('<title>Energy &lt;1&gt;</title>');
    expect(html).toContain('<meta name="description" content="A &quot;quote&quot;">');
    expect(html).toContain(`<link rel="canonical" href="${SITE_ORIGIN_MARKER}/energy">`);
    expect(html).toContain(`<meta property="og:image" content="${SITE_ORIGIN_MARKER}/og-image.png">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-2.js">',
    );
  });

  it("gives the landing page its own script instead of the app's, and the admin's parts as templates", () => {
    const html = landingHtml(
      pageHtml(SHELL, { ...page, path: '/' }),
      { file: 'assets/landing-3.js' },
      { menu: '<div>menu</div>', strip: '<div>strip</div>' },
    );
    expect(html).not.toContain('index-1.js');
    expect(html).not.toContain('react-2.js');
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/landing-3.js">',
    );
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<template id="admin-menu"><div>menu</div></template><template id="admin-strip"><div>strip</div></template></body>',
    );
  });

  it('lists the pages in the sitemap and heads every page with the same picture', () => {
    expect(sitemap(['/', '/energy'])).toContain(
      `<url><loc>${SITE_ORIGIN_MARKER}/</loc></url><url><loc>${SITE_ORIGIN_MARKER}/energy</loc></url>`,
    );
    expect(headTags({ path: '/', title: 't', description: 'd' })).toContain(
      `<meta property="og:image:width" content="${OG_IMAGE.width}">`,
    );
  });

  it('draws the link-preview picture as a PNG of its stated size, a few kilobytes', () => {
    const png = ogImagePng();
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(OG_IMAGE.width);
    expect(png.readUInt32BE(20)).toBe(OG_IMAGE.height);
    expect(png.length).toBeLessThan(20 * 1024);
  });
});
