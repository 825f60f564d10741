/**
 * Gecko: Debian's Firefox ESR (apt-get install -y firefox-esr), headless, driven by puppeteer-core
 * over WebDriver BiDi, in a fresh profile of puppeteer's making (so as root too).
 */
import fs from 'node:fs';
import puppeteer, { type ElementHandle, type KeyInput } from 'puppeteer-core';
import { enginePage, type Backend, type EnginePage } from './page.ts';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * A function from its source, to hand to puppeteer, which sends a function's source to the page
 * (the page's CSP forbids building one there).
 */
const fromSource = (source: string) => new Function(`return ${source}`)() as (...args: unknown[]) => unknown;

export async function launchFirefox(): Promise<EnginePage> {
  if (!fs.existsSync(FIREFOX)) {
    throw new Error(`Firefox not found at ${FIREFOX}: apt-get install -y firefox-esr (or set FIREFOX_PATH)`);
  }
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true });
  // A tab of its own: in the tab headless Firefox starts with, typing quickly into a date field's
  // parts loses all but the last key.
  const page = await browser.newPage();
  // The tab in front, as a person's would be: focused, so :focus and :focus-visible match.
  await page.bringToFront();
  page.setDefaultTimeout(15_000);

  const backend: Backend<ElementHandle> = {
    engine: 'firefox',
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    async element(expression) {
      const handle = await page.evaluateHandle(expression);
      const element = handle.asElement();
      if (!element) await handle.dispose();
      return element as ElementHandle | null;
    },
    call: <T>(element: ElementHandle, fn: string) => page.evaluate(fromSource(fn), element) as Promise<T>,
    click: (element) => element.click(),
    selectOption: async (element, value) => {
      await element.select(value);
    },
    type: (text) => page.keyboard.type(text),
    press: (key) => page.keyboard.press(key as KeyInput),
    goto: async (url) => {
      await page.goto(url);
    },
    setViewport: (width, height) => page.setViewport({ width, height }),
    screenshot: async (file) => {
      await page.screenshot({ path: file as `${string}.png`, fullPage: true });
    },
    allowNotifications: (origin) =>
      browser.defaultBrowserContext().overridePermissions(origin, ['notifications']),
    close: () => browser.close(),
  };
  return enginePage(backend);
}
