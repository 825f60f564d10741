import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { BRAND_COLOR, DESCRIPTION, HOME_TITLE } from '../shared/brand.ts';
import { localPorts } from '../shared/localPorts.ts';
import { prerenderPages } from './build/prerender.ts';
import { serviceWorker } from './build/service-worker.ts';
import { MANIFEST_PATH, webManifest } from './manifest.ts';

// The backend `npm run dev` starts beside this server: on PORT, as `npm start` is.
const backend = `http://127.0.0.1:${localPorts(process.env).app}`;

/**
 * The product's identity, written into the page: its title and description, and the brand colour
 * (which the e-mails share) as the theme colour and as the CSS variable --color-brand that the design
 * tokens build on.
 */
function brand(): Plugin {
  return {
    name: 'brand',
    transformIndexHtml: () => [
      { tag: 'title', children: HOME_TITLE, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'description', content: DESCRIPTION }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'theme-color', content: BRAND_COLOR }, injectTo: 'head' },
      { tag: 'style', children: `:root{--color-brand:${BRAND_COLOR}}`, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'manifest', href: MANIFEST_PATH }, injectTo: 'head' },
      {
        tag: 'link',
        attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
        injectTo: 'head',
      },
    ],
  };
}

/** The web app manifest (web/manifest.ts): a file of the build, and served by the dev server. */
function manifest(): Plugin {
  const source = JSON.stringify(webManifest, null, 2);
  return {
    name: 'web-manifest',
    configureServer(server) {
      server.middlewares.use(MANIFEST_PATH, (_req, res) => {
        res.setHeader('content-type', 'application/manifest+json');
        res.end(source);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: MANIFEST_PATH.slice(1), source });
    },
  };
}

/**
 * Inlines the app's first stylesheet (the public pages' styles) into index.html, so the first paint
 * does not wait for a second request; the other features' stylesheets load with their lazy chunks.
 * Build only; the dev server keeps its hot-reloaded CSS.
 */
function inlineCss(): Plugin {
  return {
    name: 'inline-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset' || typeof html.source !== 'string') return;
      let source = html.source;
      for (const [fileName, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'asset' || !fileName.endsWith('.css')) continue;
        const tag = new RegExp(
          `<link rel="stylesheet"[^>]*href="/${fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
        );
        if (!tag.test(source)) continue;
        const css = typeof chunk.source === 'string' ? chunk.source : new TextDecoder().decode(chunk.source);
        // The disabled link (never fetched) tells Vite's preload helper the stylesheet is in: a lazy
        // chunk imported from another lazy chunk lists it among its styles, and the helper would
        // otherwise link it again, after the page's own, whose overrides it would then undo.
        const inlined = `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
        source = source.replace(tag, () => `${inlined}<link rel="stylesheet" href="/${fileName}" disabled>`);
      }
      html.source = source;
    },
  };
}

// Root is web/; shared code is reached through package.json subpath imports (#shared/*).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), brand(), manifest(), inlineCss(), prerenderPages(), serviceWorker()],
  // The footer's year is the build's: the prerendered HTML and the app that hydrates it agree.
  define: { 'import.meta.env.BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    strictPort: true,
    // config.json names Cognito's endpoint as the path /_cognito, which the app resolves against
    // this server's origin; the proxy takes it on to the backend.
    // changeOrigin: the backend answers its own Host only (DNS rebinding, lib/local/ownHost.ts).
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/config.json': { target: backend, changeOrigin: true },
      '/_cognito': { target: backend, changeOrigin: true },
    },
  },
});
