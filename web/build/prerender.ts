/**
 * The build's last step: renders the public pages to HTML (web/src/prerender.tsx, loaded through a
 * Vite server in SSR mode, so it is the same source the browser bundle is built from) and writes each
 * into a copy of the app shell: its own head, its content in #root; the browser hydrates it. The
 * landing page is the exception: static, with a small script of its own instead of the app (it has
 * a JavaScript budget). Also writes the app shell for the signed-in routes (app.html, noindex), the
 * 404 page, the link-preview image and sitemap.xml.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { ROUTES } from '../../shared/pages.ts';
import { APP_SHELL_FILE, NOT_FOUND_FILE, pageFile, PRERENDERED_PATHS } from '../../shared/sitePaths.ts';
import { headTags, sitemap } from './head.ts';
import { OG_IMAGE, ogImagePng } from './ogImage.ts';

type RenderPage = (path: string) => Promise<{ html: string; head: { title: string; description: string } }>;
interface Renderer {
  renderPage: RenderPage;
  renderAdminParts: () => Promise<{ menu: string; strip: string }>;
}

/** The landing page's own script: the page is static, this adds what moves (no React). */
const LANDING_ENTRY = 'src/features/public/islands/main.ts';

/** The shell without the head tags each page sets for itself (the brand plugin's defaults). */
const withoutPageHead = (shell: string) =>
  shell.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');

/**
 * A page whose content is in its HTML paints without the app: its scripts are fetched at low
 * priority, after what paints (the browser still runs them in order, after parsing, to hydrate).
 */
const scriptsAtLowPriority = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');

export function pageHtml(
  shell: string,
  page: { path: string; html: string; head: { title: string; description: string } },
) {
  return scriptsAtLowPriority(withoutPageHead(shell))
    .replace('</head>', `${headTags({ path: page.path, ...page.head })}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
}

/**
 * The landing page: the app's scripts swapped for the landing page's own, and the admin's menu and
 * footer strip as templates that script adds for an admin. One script request while the page
 * paints, at low priority and with no preload of its imports: nothing it does is needed to paint.
 */
export function landingHtml(
  page: string,
  script: { file: string },
  admin: { menu: string; strip: string },
): string {
  return page
    .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(
      '</head>',
      `<script type="module" fetchpriority="low" crossorigin src="/${script.file}"></script></head>`,
    )
    .replace(
      '</body>',
      `<template id="admin-menu">${admin.menu}</template><template id="admin-strip">${admin.strip}</template></body>`,
    );
}

/** The app shell, kept out of search results: its routes need a sign-in or are the app's own. */
const appShell = (shell: string) => shell.replace('</head>', '<meta name="robots" content="noindex"></head>');

async function loadRenderer(config: ResolvedConfig): Promise<Renderer & { close: () => Promise<void> }> {
  const server = await createServer({
    configFile: config.configFile,
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const mod = (await server.ssrLoadModule('/src/prerender.tsx')) as Renderer;
  return { renderPage: mod.renderPage, renderAdminParts: mod.renderAdminParts, close: () => server.close() };
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let landingScript: { file: string } | undefined;
  return {
    name: 'prerender-pages',
    apply: 'build',
    enforce: 'post',
    // Two entries: the app (index.html) and the landing page's script.
    config: (user) => {
      const root = user.root ?? process.cwd();
      return {
        build: {
          rolldownOptions: {
            input: { index: path.join(root, 'index.html'), landing: path.join(root, LANDING_ENTRY) },
          },
        },
      };
    },
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'landing') {
          landingScript = { file: chunk.fileName };
        }
      }
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!landingScript) throw new Error(`The build has no chunk for ${LANDING_ENTRY}`);
      const { renderPage, renderAdminParts, close } = await loadRenderer(config);
      try {
        const write = (file: string, text: string | Buffer) =>
          fs.writeFileSync(path.join(outDir, file), text);
        for (const pagePath of PRERENDERED_PATHS) {
          const page = pageHtml(shell, { path: pagePath, ...(await renderPage(pagePath)) });
          const html =
            pagePath === ROUTES.home.path ? landingHtml(page, landingScript, await renderAdminParts()) : page;
          write(pageFile(pagePath), html);
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
