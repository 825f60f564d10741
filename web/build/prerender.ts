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
import { ADMIN_STATUS_ENTRY, buildLandingScript } from './landing-script.ts';
import { OG_IMAGE, ogImagePng } from './ogImage.ts';

type RenderPage = (path: string) => Promise<{ html: string; head: { title: string; description: string } }>;
interface Renderer {
  renderPage: RenderPage;
  renderAdminParts: () => Promise<{ menu: string; strip: string }>;
}

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
  let adminStatus: { ref: string; file?: string } | undefined;
  return {
    name: 'prerender-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    // The landing page's admin check, a chunk of the app's build that keeps its exports: the landing
    // script, built on its own afterwards (./landing-script.ts), imports it.
    buildStart() {
      const id = path.join(config.root, ADMIN_STATUS_ENTRY);
      adminStatus = { ref: this.emitFile({ type: 'chunk', id, preserveSignature: 'exports-only' }) };
    },
    generateBundle() {
      if (adminStatus) adminStatus.file = this.getFileName(adminStatus.ref);
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!adminStatus?.file) throw new Error(`The build has no chunk for ${ADMIN_STATUS_ENTRY}`);
      const landingScript = await buildLandingScript({
        root: config.root,
        outDir,
        adminStatusFile: adminStatus.file,
        target: config.build.target,
      });
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
