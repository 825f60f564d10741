/**
 * The signed-in dashboard's figures for bench:web: how long from navigation until the reminder list
 * shows, cold (a returning visitor's session, nothing else: no HTTP cache, no service worker, no
 * cached list) and warm (a reload of the same browser: its HTTP cache, service worker and cached
 * list). Each is the median of a few runs, timed in the page from its navigation start.
 */
import type { Browser, Page } from 'playwright-core';

const RUNS = 5;
/** Any reminder of the list on screen: the list is what the figures wait for. */
const LIST_SHOWN = '.agenda-group';

export interface DashboardFigures {
  coldMs: number;
  warmMs: number;
  coldRuns: number[];
  warmRuns: number[];
  /** The last cold load and warm reload, step by step: where their time goes. */
  coldSteps: string[];
  warmSteps: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Notes in the page when the list first appears (a mutation observer: no polling delay). A string,
 * not a function: tsx would compile a function with helpers the page does not have.
 */
const WATCH_FOR_LIST = `
  document.addEventListener('DOMContentLoaded', () => {
    const seen = () => {
      if (!document.querySelector(${JSON.stringify(LIST_SHOWN)})) return false;
      window.listShownAt = performance.now();
      return true;
    };
    if (seen()) return;
    const observer = new MutationObserver(() => seen() && observer.disconnect());
    observer.observe(document.body, { childList: true, subtree: true });
  });
`;

/**
 * The page's own timeline since navigation start: the document, each request (through the service
 * worker, which answers the shell, assets and config from its cache and passes the rest on, or straight
 * to the network) with its start and end, and the list. A string, as WATCH_FOR_LIST.
 */
const TIMELINE = `(() => {
  const ms = (n) => String(Math.round(n)).padStart(5);
  const nav = performance.getEntriesByType('navigation')[0];
  const rows = [[0, ms(0) + '-' + ms(nav.responseEnd) + ' ms  document' + (nav.workerStart > 0 ? ' (through the service worker)' : '')]];
  for (const r of performance.getEntriesByType('resource')) {
    const where = r.workerStart > 0 ? 'through the service worker' : 'network';
    rows.push([r.startTime, ms(r.startTime) + '-' + ms(r.responseEnd) + ' ms  ' + new URL(r.name).pathname + ' (' + where + ')']);
  }
  rows.push([nav.domContentLoadedEventEnd, ms(nav.domContentLoadedEventEnd) + ' ms        DOMContentLoaded']);
  rows.push([window.listShownAt, ms(window.listShownAt) + ' ms        the list shows']);
  return rows.sort((a, b) => a[0] - b[0]).map((row) => row[1]);
})()`;

/** Milliseconds from the page's navigation start until the list is on screen. */
async function untilListShown(page: Page): Promise<number> {
  await page.locator(LIST_SHOWN).first().waitFor({ state: 'visible', timeout: 30_000 });
  return page.evaluate('window.listShownAt') as Promise<number>;
}

/** `user` has a dozen reminders (./webServer.ts). */
export async function measureDashboard(
  browser: Browser,
  url: string,
  user: { email: string; password: string },
): Promise<DashboardFigures> {
  // One sign-in through the form; each cold run starts a fresh context from its stored session.
  const first = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const signIn = await first.newPage();
  await signIn.goto(`${url}/auth`);
  await signIn.getByLabel('Email').fill(user.email);
  await signIn.getByLabel('Password').fill(user.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await signIn.waitForURL(/\/dashboard$/, { timeout: 30_000 });
  // Only the session: the cached list (if any) is left out, as on a first visit of this browser.
  const session = await first.storageState();
  await first.close();
  const sessionOnly = {
    ...session,
    origins: session.origins.map((o) => ({
      ...o,
      localStorage: o.localStorage.filter((entry) =>
        entry.name.startsWith('CognitoIdentityServiceProvider.'),
      ),
    })),
  };

  const coldRuns: number[] = [];
  const warmRuns: number[] = [];
  let coldSteps: string[] = [];
  let warmSteps: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: sessionOnly,
    });
    await context.addInitScript(WATCH_FOR_LIST);
    const page = await context.newPage();
    await page.goto(`${url}/dashboard`);
    coldRuns.push(await untilListShown(page));
    if (run === RUNS - 1) coldSteps = (await page.evaluate(TIMELINE)) as string[];
    // Let the worker install and the list be saved before the reload.
    await page.waitForLoadState('networkidle');
    await page.reload();
    warmRuns.push(await untilListShown(page));
    if (run === RUNS - 1) warmSteps = (await page.evaluate(TIMELINE)) as string[];
    await context.close();
  }
  return { coldMs: median(coldRuns), warmMs: median(warmRuns), coldRuns, warmRuns, coldSteps, warmSteps };
}
