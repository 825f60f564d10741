/**
 * npm run bench:web — the web app's performance budget, measured on the production build.
 *
 * 1. Builds web/ with Vite (production).
 * 2. Starts the local stack for /api (dynalite, cognito-local, the API adapter) and, in front of it, a
 *    small static server for web/dist that compresses like CloudFront (gzip) and caches hashed assets.
 * 3. Loads '/' in Chromium and sums the JavaScript and CSS actually transferred (gzip).
 * 4. Runs Lighthouse 12 (mobile: its default emulation and simulated throttling) and prints the
 *    performance, accessibility, best-practices and SEO scores.
 *
 * Targets (issue 3): landing JS ≤ 100 KB gzip, performance ≥ 95, accessibility 100, best practices
 * and SEO ≥ 95. Exits 1 when a target is missed. Set CHROME_PATH to use another Chromium.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import lighthouse from 'lighthouse';
import { launch as launchChrome } from 'chrome-launcher';
import { ROOT, startLocalStack } from '../lib/local/stack.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIR = path.join(ROOT, 'web', 'dist');
const KB = 1024;
const TARGETS = { jsKb: 100, performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 };

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);

function build(): void {
  console.log('Building the production web app...');
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/** web/dist with gzip (like CloudFront) and SPA fallback; /api, /config.json and /_cognito go to the stack. */
function startFrontServer(backend: URL): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (
      url.pathname.startsWith('/api/') ||
      url.pathname === '/config.json' ||
      url.pathname.startsWith('/_cognito')
    ) {
      const upstream = http.request(
        {
          host: backend.hostname,
          port: backend.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => {
        res.writeHead(502).end();
      });
      req.pipe(upstream);
      return;
    }
    let file = path.join(WEB_DIR, decodeURIComponent(url.pathname));
    if (!file.startsWith(WEB_DIR) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      file = path.join(WEB_DIR, 'index.html');
    }
    const ext = path.extname(file);
    const hashed = url.pathname.startsWith('/assets/');
    const headers: Record<string, string> = {
      'content-type': MIME[ext] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    let body = fs.readFileSync(file);
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      body = zlib.gzipSync(body, { level: 9 });
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

interface Transfer {
  js: number;
  css: number;
  /** The HTML document as transferred, and the gzip size of the CSS inlined in it. */
  html: number;
  inlineCss: number;
  files: { path: string; type: string; bytes: number }[];
}

/** Loads '/' in Chromium and sums what the page transferred for scripts and stylesheets. */
async function measureTransfer(url: string): Promise<Transfer> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const pending: Promise<Transfer['files'][number] | null>[] = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        request.sizes().then(
          (sizes) => ({ path: new URL(request.url()).pathname, type, bytes: sizes.responseBodySize }),
          () => null,
        ),
      );
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const files = (await Promise.all(pending)).filter((f): f is Transfer['files'][number] => f !== null);
    const sum = (type: string) => files.filter((f) => f.type === type).reduce((n, f) => n + f.bytes, 0);
    // The build inlines the stylesheet into index.html: count it as CSS too (its own gzip size).
    const raw = await (await fetch(`${url}/`)).text();
    const inline = [...raw.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
    const html = zlib.gzipSync(raw, { level: 9 }).length;
    const inlineCss = inline ? zlib.gzipSync(inline, { level: 9 }).length : 0;
    return { js: sum('script'), css: sum('stylesheet') + inlineCss, html, inlineCss, files };
  } finally {
    await browser.close();
  }
}

async function runLighthouse(url: string): Promise<Record<string, number>> {
  const chrome = await launchChrome({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(`${url}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    const reportPath = path.join(os.tmpdir(), 'bench-web-lighthouse.json');
    fs.writeFileSync(reportPath, JSON.stringify(lhr));
    console.log(`  full report: ${reportPath}`);
    const scores: Record<string, number> = {};
    for (const [id, category] of Object.entries(lhr.categories)) {
      scores[id] = Math.round((category.score ?? 0) * 100);
    }
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
    console.log(
      `  metrics: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
        `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
    );
    for (const [id, category] of Object.entries(lhr.categories)) {
      if ((category.score ?? 0) >= 1) continue;
      const failing = category.auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
        .filter((a) => ref_weight(category.auditRefs, a!.id) > 0)
        .map((a) => a!.id);
      if (failing.length) console.log(`  ${id}: below 100 on ${failing.join(', ')}`);
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

function ref_weight(refs: { id: string; weight: number }[], id: string): number {
  return refs.find((r) => r.id === id)?.weight ?? 0;
}

async function main(): Promise<void> {
  if (!fs.existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
  build();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-bench-'));
  const stack = await startLocalStack({
    dataDir,
    appPort: 0,
    mailboxPort: 0,
    webDir: WEB_DIR,
    runScheduler: false,
  });
  const front = await startFrontServer(new URL(stack.appUrl));
  let failed = false;
  try {
    console.log(`Serving web/dist at ${front.url} (gzip)`);
    const transfer = await measureTransfer(front.url);
    console.log('\nLanding page (/) transferred, gzip:');
    for (const f of transfer.files)
      console.log(`  ${(f.bytes / KB).toFixed(1).padStart(6)} KB  ${f.type.padEnd(10)} ${f.path}`);
    console.log(
      `  ${(transfer.html / KB).toFixed(1).padStart(6)} KB  document   / (${(transfer.inlineCss / KB).toFixed(1)} KB of it is the inlined CSS)`,
    );
    console.log(
      `  JavaScript: ${(transfer.js / KB).toFixed(1)} KB   CSS: ${(transfer.css / KB).toFixed(1)} KB`,
    );

    console.log('\nLighthouse 12, mobile:');
    const scores = await runLighthouse(front.url);

    const rows: [string, string, string, boolean][] = [
      [
        'Landing JS (gzip)',
        `${(transfer.js / KB).toFixed(1)} KB`,
        `≤ ${TARGETS.jsKb} KB`,
        transfer.js <= TARGETS.jsKb * KB,
      ],
      ['Landing CSS (gzip)', `${(transfer.css / KB).toFixed(1)} KB`, '-', true],
      ['Landing HTML (gzip)', `${(transfer.html / KB).toFixed(1)} KB`, '-', true],
    ];
    for (const id of ['performance', 'accessibility', 'best-practices', 'seo'] as const) {
      const target = TARGETS[id];
      const score = scores[id] ?? 0;
      rows.push([`Lighthouse ${id}`, String(score), target === 100 ? '100' : `≥ ${target}`, score >= target]);
    }
    console.log('\nResult:');
    for (const [name, value, target, ok] of rows) {
      console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(26)} ${value.padStart(9)}   target ${target}`);
      if (!ok) failed = true;
    }
  } finally {
    await front.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
