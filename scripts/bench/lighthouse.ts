import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { launch as launchChrome } from 'chrome-launcher';

export interface LighthouseResult {
  /** Category scores, 0–100. */
  scores: Record<string, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function metricsLine(lhr: Report): string {
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
  return (
    `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
    `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`
  );
}

/**
 * Runs Lighthouse (mobile) on `url` + `path` `runs` times in one Chromium and reports the median run
 * (Lighthouse's own choice: the run nearest the median FCP and TTI; a single run is noisy, the first
 * one in a fresh browser most of all): its metrics and what keeps a score below 100.
 */
export async function runLighthouse(
  chromePath: string,
  url: string,
  path = '/',
  runs = 1,
): Promise<LighthouseResult> {
  const chrome = await launchChrome({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const reports: Report[] = [];
    for (let run = 1; run <= runs; run++) {
      const result = await lighthouse(`${url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      reports.push(result.lhr);
      if (runs > 1) console.log(`  run ${run}: ${metricsLine(result.lhr)}`);
    }
    const lhr: Report = runs > 1 ? (computeMedianRun(reports) as Report) : reports[0]!;
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
    console.log(`  ${runs > 1 ? 'median run' : 'metrics'}: ${metricsLine(lhr)}`);
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
