/**
 * The build's last step: renders the public pages to HTML (web/src/prerender.tsx, loaded through a
 * Vite server in SSR mode, so it is the same source the browser bundle is built from) and writes each
 * into a copy of the app shell: its own head, its content in #root. Also writes the app shell for the
 * signed-in routes (app.html, noindex), the 404 page, the link-preview image and sitemap.xml.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { ROUTES } from '../../shared/pages.ts';
import { APP_SHELL_FILE, NOT_FOUND_FILE, pageFile, PRERENDERED_PATHS } from '../../shared/sitePaths.ts';
import { headTags, sitemap } from './head.ts';
import { OG_IMAGE, ogImagePng } from './ogImage.ts';

type RenderPage = (path: string) => Promise<{ html: string; head: { title: string; description: string } }>;

/** The shell without the head tags each page sets for itself (the brand plugin's defaults). */
const withoutPageHead = (shell: string) =>
  shell.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');

export function pageHtml(
  shell: string,
  page: { path: string; html: string; head: { title: string; description: string } },
) {
  return withoutPageHead(shell)
    .replace('</head>', `${headTags({ path: page.path, ...page.head })}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
}

/** The app shell, kept out of search results: its routes need a sign-in or are the app's own. */
const appShell = (shell: string) => shell.replace('</head>', '<meta name="robots" content="noindex"></head>');

async function loadRenderer(
  config: ResolvedConfig,
): Promise<{ renderPage: RenderPage; close: () => Promise<void> }> {
  const server = await createServer({
    configFile: config.configFile,
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const mod = (await server.ssrLoadModule('/src/prerender.tsx')) as { renderPage: RenderPage };
  return { renderPage: mod.renderPage, close: () => server.close() };
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const { renderPage, close } = await loadRenderer(config);
      try {
        const write = (file: string, text: string | Buffer) =>
          fs.writeFileSync(path.join(outDir, file), text);
        for (const pagePath of PRERENDERED_PATHS) {
          write(pageFile(pagePath), pageHtml(shell, { path: pagePath, ...(await renderPage(pagePath)) }));
        }
        const notFound = await renderPage(ROUTES.notFound.path);
        write(NOT_FOUND_FILE, pageHtml(shell, { path: ROUTES.notFound.path, ...notFound }));
        write(APP_SHELL_FILE, appShell(shell));
        write(OG_IMAGE.file, ogImagePng());
        write('sitemap.xml', sitemap(PRERENDERED_PATHS));
      } finally {
        await close();
      }
    },
  };
}
