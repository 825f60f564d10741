import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://127.0.0.1:3000';

/**
 * Inlines the app's one stylesheet (about 5 KB gzip) into index.html, so the first paint does not
 * wait for a second request. Build only; the dev server keeps its hot-reloaded CSS.
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
        source = source.replace(tag, () => `<style>${css.replaceAll('</style', '<\\/style')}</style>`);
      }
      html.source = source;
    },
  };
}

// Root is web/; shared code is reached through package.json subpath imports (#shared/*).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), inlineCss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    strictPort: true,
    // xfwd: the backend sees this server's host in X-Forwarded-Host, and points Amplify's Cognito
    // endpoint here (same origin) rather than at :3000.
    proxy: {
      '/api': { target: backend, xfwd: true },
      '/config.json': { target: backend, xfwd: true },
      '/_cognito': { target: backend, xfwd: true },
    },
  },
});
