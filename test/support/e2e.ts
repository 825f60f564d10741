/**
 * The browser tests' fixture: per test file one local stack serving the production web build and
 * one Debian Chromium headless shell driven by playwright-core (no browser download is possible
 * here); per test, pages in fresh browser contexts, so no test sees another's storage unless it asks
 * to. A journey that needs notifications shown asks for full Chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { LocalStackOptions } from '../../lib/local/stack.ts';
import { builtWebDir } from './web-dir.ts';
import { useTestStack } from './fixtures.ts';
import type { TestStack, TestUser } from './stack.ts';
import { AXE_RUN, AXE_SOURCE, seriousLines, type AxeViolation } from './axe.ts';

/** Full Chromium, as people run it: for notifications, and for the benchmarks' figures. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Chromium's headless shell (Debian's chromium-headless-shell; Playwright's own default for headless
 * runs): the same Blink and V8 without the full browser around them, which takes about a third off
 * a journey's time here. It shows no notifications.
 */
export const CHROMIUM_HEADLESS_SHELL =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** The two widths every screen is checked at: a phone and a laptop. */
export const WIDTHS = [390, 1280] as const;

export function launchChromium(kind: 'headless-shell' | 'full' = 'headless-shell'): Promise<Browser> {
  const executablePath = kind === 'full' ? CHROMIUM : CHROMIUM_HEADLESS_SHELL;
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: apt-get install -y chromium chromium-headless-shell ` +
        '(or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH)',
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Credentials = Pick<TestUser, 'email' | 'password'>;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface SignInOptions {
  /** Open /auth first (default); false signs in on the page as it is (after a guard's redirect). */
  goto?: boolean;
  /** The URL the sign-in should land on (default /dashboard). */
  waitFor?: RegExp;
}

export interface E2e {
  /** The file's stack, filled in before its first test. */
  stack: TestStack;
  /** `path` on the app's origin. */
  url(path: string): string;
  /**
   * A fresh browser context (no cookies, no storage, no service worker unless `serviceWorkers:
   * 'allow'`) whose pages wait up to 15 s; in full Chromium with `notifications` (started on first
   * use), where the headless shell would show none.
   */
  newContext(width: number, options?: ContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context. */
  newPage(width: number, options?: ContextOptions): Promise<Page>;
  /**
   * Signs in through the /auth form and waits to land on `waitFor` (default /dashboard); the session
   * it stores is what signedInPage() starts from.
   */
  signIn(page: Page, user: Credentials, options?: SignInOptions): Promise<void>;
  /**
   * Opens the guarded `path` signed out, expects the redirect to /auth, signs in there and expects
   * to come back to `path`.
   */
  signInVia(page: Page, path: string, user: Credentials): Promise<void>;
  /**
   * A page in a fresh context, signed in as `user`, at `path` (default /dashboard): from the session
   * of the user's last sign-in in this file, as a returning visitor, or else through the form.
   */
  signedInPage(user: Credentials, width: number, path?: string, options?: ContextOptions): Promise<Page>;
}

export type ContextOptions = BrowserContextOptions & { notifications?: boolean };

/** The test file's stack and browser (started before its first test, stopped after its last). */
export function useE2e(options: Partial<LocalStackOptions> = {}): E2e {
  let browser: Browser | undefined;
  let launching: Promise<Browser> | undefined;
  // Chromium starts while the stack does: the browser is awaited after the stack's own hook.
  beforeAll(() => {
    launching = launchChromium();
    launching.catch(() => undefined);
  });
  let webDir = '';
  beforeAll(async () => {
    webDir = await builtWebDir();
  });
  // Senders in worker threads, as `npm start` runs them: the browser journeys cover that path.
  const stack = useTestStack(() => ({ webDir, senderThreads: true, ...options }));
  beforeAll(async () => {
    browser = await launching;
  });
  let fullChromium: Promise<Browser> | undefined;
  afterAll(async () => {
    await (browser ?? (await launching?.catch(() => undefined)))?.close();
    await (await fullChromium?.catch(() => undefined))?.close();
  });

  const sessions = new Map<string, StorageState>();
  const url = (path: string) => `${stack.appUrl}${path}`;

  async function newContext(width: number, { notifications, ...contextOptions }: ContextOptions = {}) {
    if (!browser) throw new Error('useE2e: the browser is not up yet (call from a hook or a test)');
    const target = notifications ? await (fullChromium ??= launchChromium('full')) : browser;
    // Reduced motion, which the app honours: no spinner or skeleton animating in every open page
    // (about a tenth of Chromium's CPU in the suite); a journey that needs motion can ask for it.
    // No service worker unless a journey asks for one (the app shell's, push's, a first visit's with
    // its console or CSP watched): signed in, the app
    // installs it in every fresh context, which downloads all 91 built assets again and has Chromium
    // compile them for its code cache (about an eighth of a journey file's CPU), in the background of
    // pages that load from the network on a first visit anyway.
    const context = await target.newContext({
      viewport: { width, height: 900 },
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
      ...contextOptions,
    });
    context.setDefaultTimeout(15_000);
    return context;
  }

  async function newPage(width: number, contextOptions?: ContextOptions) {
    return (await newContext(width, contextOptions)).newPage();
  }

  async function signIn(page: Page, user: Credentials, signInOptions: SignInOptions = {}) {
    if (signInOptions.goto !== false) await page.goto(url('/auth'));
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(signInOptions.waitFor ?? /\/dashboard$/);
    sessions.set(user.email, await page.context().storageState());
  }

  async function signInVia(page: Page, path: string, user: Credentials) {
    await page.goto(url(path));
    await page.waitForURL(/\/auth\?redirect=/);
    await signIn(page, user, { goto: false, waitFor: new RegExp(`${escapeRegExp(path)}$`) });
  }

  async function signedInPage(
    user: Credentials,
    width: number,
    path = '/dashboard',
    contextOptions: ContextOptions = {},
  ) {
    const session = sessions.get(user.email);
    if (session) {
      const page = await newPage(width, { ...contextOptions, storageState: session });
      await page.goto(url(path));
      return page;
    }
    const page = await newPage(width, contextOptions);
    await signIn(page, user);
    if (path !== '/dashboard') await page.goto(url(path));
    return page;
  }

  return { stack, url, newContext, newPage, signIn, signInVia, signedInPage };
}

export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** axe-core's serious and critical violations on what the page shows now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Toasts fade in (opacity transition) and move when the viewport is resized (transform): wait until
  // every one is fully shown and still, so axe measures the colours people see rather than a frame of
  // the animation over whatever it passes. (A string: no DOM types here. Polled from the test with
  // evaluate, which the page's CSP allows; waitForFunction needs eval in the page.)
  // Two frames first: right after a resize, the style change that starts a toast's transition has not
  // been computed yet, and a check made then would find nothing moving.
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
  );
  await expect
    .poll(
      () =>
        page.evaluate<boolean>(
          `[...document.querySelectorAll('[data-sonner-toast]')].every((t) => getComputedStyle(t).opacity === '1' && t.getAnimations().every((a) => a.playState !== 'running'))`,
        ),
      { timeout: 5_000 },
    )
    .toBe(true);
  // axe.run in the page itself (the app has no cross-origin frames), reporting violations only: what
  // @axe-core/playwright's legacy mode runs (the same source, configuration and options), with
  // axe-core injected once per document instead of twice per check. (Strings: no DOM types here.)
  if (!(await page.evaluate<boolean>("typeof window.axe?.run === 'function'"))) {
    await page.evaluate(
      `${AXE_SOURCE};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`,
    );
  }
  return seriousLines(await page.evaluate<AxeViolation[]>(AXE_RUN));
}

/** axe-core: no serious or critical violation on what the page shows now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await seriousViolations(page);
  // The violations in the message too: a JSON report (CI's timings) keeps the message, not the diff.
  expect(violations, `${label}: axe violations: ${violations.join('; ')}`).toEqual([]);
}

/**
 * axe (and, with `overflow`, no sideways scrolling) on what the page shows now, at each of WIDTHS in
 * turn: the page is resized in place, so a journey run once checks its screens at both widths without
 * being walked twice. The page is left at its own width again.
 */
export async function expectAccessibleAtWidths(
  page: Page,
  label: string,
  options: { overflow?: boolean } = {},
): Promise<void> {
  const own = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: own?.height ?? 900 });
    await expectAccessible(page, `${label} at ${width} px`);
    if (options.overflow) await expectNoHorizontalOverflow(page, `${label} at ${width} px`);
  }
  if (own) await page.setViewportSize(own);
}

/**
 * With SCREENSHOT_DIR set (docs/screenshots), a full-page PNG of what the page shows at each of
 * WIDTHS, as `<name>-<width>.png`; the page is left at its own width again. Without it, nothing.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const own = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotNow(page, name, { fullPage: true });
  }
  if (own) await page.setViewportSize(own);
}

/**
 * With SCREENSHOT_DIR set, a PNG of what the page shows now at its own width, as
 * `<name>-<width>.png` (the whole page with `fullPage`); without it, nothing.
 */
export async function screenshotNow(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: options.fullPage });
}

/**
 * No horizontal scrolling: nothing overflows the viewport, once the page has settled. Right after a
 * resize, what lays itself out from script (the toasts, on a resize event) can stick out for a frame
 * or two on a busy machine; an overflow that stays still fails.
 */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  await expect
    .poll(
      // A string expression: the root tsconfig (Node) has no DOM types.
      () =>
        page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
      { message: `${label}: horizontal overflow`, timeout: 3_000 },
    )
    .toBeLessThanOrEqual(0);
}

/** No horizontal scrolling with the page resized in place to `width`; the page is left at its own width. */
export async function expectFitsWidth(page: Page, width: number, label: string): Promise<void> {
  const own = page.viewportSize();
  await page.setViewportSize({ width, height: own?.height ?? 900 });
  await expectNoHorizontalOverflow(page, `${label} at ${width} px`);
  if (own) await page.setViewportSize(own);
}

/**
 * Every Content-Security-Policy violation the page reports from now on: each `securitypolicyviolation`
 * event (blocked sources, inline styles and scripts, eval), logged to the console where this collects
 * it with any other console message naming the CSP. Await it before the page's first navigation.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // Playwright injects init scripts past the page's CSP, so this listener itself is never blocked.
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (event) => {
    console.error('Content Security Policy violation: ' + event.effectiveDirective + ' blocked ' +
      (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber);
  });`);
  return violations;
}

/**
 * On an outcome page ('How did you do?'): once its term is answered the page shows the answer first;
 * its author's 'Change your answer' brings the choices back. Waits for either, and asks again.
 */
export async function answerAgainIfAnswered(page: Page): Promise<void> {
  const choices = page.getByLabel('I switched');
  const change = page.getByRole('button', { name: 'Change your answer' });
  await choices.or(change).first().waitFor();
  if (await change.isVisible()) await change.click();
}
