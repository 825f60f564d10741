import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { launch as launchChrome } from 'chrome-launcher';

export interface LighthouseResult {
  /** Category scores, 0–100. */
  scores: Record<string, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** Runs Lighthouse (mobile) on `url` + `path`, prints its metrics and what keeps a score below 100. */
export async function runLighthouse(chromePath: string, url: string, path = '/'): Promise<LighthouseResult> {
  const chrome = await launchChrome({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(`${url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    const reportPath = join(
      os.tmpdir(),
      `bench-web-lighthouse${path === '/' ? '' : path.replaceAll('/', '-')}.json`,
    );
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
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      scores,
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

function ref_weight(refs: { id: string; weight: number }[], id: string): number {
  return refs.find((r) => r.id === id)?.weight ?? 0;
}
