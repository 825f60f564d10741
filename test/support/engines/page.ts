/**
 * A small engine-neutral driver for the browser journeys in Gecko and WebKit: what a journey does
 * on a page (go to a URL, click by role and name, fill by label, pick and tick, read and wait for
 * text, size the viewport, take a screenshot, evaluate, run axe), written once over a backend per
 * engine (firefox.ts: puppeteer-core over WebDriver BiDi; webkit.ts: selenium-webdriver over
 * WebKitWebDriver). Every wait polls against a deadline; none sleeps for a fixed time.
 */
import {
  HORIZONTAL_OVERFLOW,
  STABLE,
  TOASTS_SETTLED,
  describeQuery,
  findExpression,
  type Matcher,
  type Query,
} from './in-page.ts';
import { AXE_RUN, AXE_SOURCE, seriousLines, type AxeViolation } from '../axe.ts';

export type { Matcher, Query } from './in-page.ts';

export type EngineName = 'firefox' | 'webkit';

/** What each engine's client does; the rest of the driver is built on these. */
export interface Backend<E> {
  engine: EngineName;
  /** The JSON value of `expression` in the page, a promise's once settled. */
  evaluate<T>(expression: string): Promise<T>;
  /** The element `expression` evaluates to, or null. */
  element(expression: string): Promise<E | null>;
  /** `fn` (a function's source) called with the element; its JSON result. */
  call<T>(element: E, fn: string): Promise<T>;
  /** A real click in the element's middle, scrolled into view first. */
  click(element: E): Promise<void>;
  /** The option of the <select> whose value is `value`, chosen as the engine's client chooses it. */
  selectOption(element: E, value: string): Promise<void>;
  /** Keys typed into whatever has focus. */
  type(text: string): Promise<void>;
  press(key: 'ArrowLeft' | 'Backspace' | 'Escape'): Promise<void>;
  goto(url: string): Promise<void>;
  /** The viewport (the page's own width and height in CSS pixels). */
  setViewport(width: number, height: number): Promise<void>;
  /** A PNG of the whole page, not only what is in view. */
  screenshot(file: string): Promise<void>;
  /** Lets the origin show notifications, as a person answering the browser's prompt would. */
  allowNotifications(origin: string): Promise<void>;
  close(): Promise<void>;
}

export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  /** The page's path and query. */
  path(): Promise<string>;
  waitForPath(path: RegExp): Promise<void>;
  /** Waits until the query finds a shown element. */
  waitFor(query: Query): Promise<void>;
  /** Waits until the query finds nothing shown. */
  waitGone(query: Query): Promise<void>;
  click(query: Query): Promise<void>;
  /**
   * Types `text` into a field, replacing what it held. A date field takes an ISO date, typed as its
   * day, month and year in the order the engine shows them, as a person types it.
   */
  fill(query: Query, text: string): Promise<void>;
  select(query: Query, value: string): Promise<void>;
  /** Ticks a checkbox or picks a radio button by clicking it. */
  check(query: Query): Promise<void>;
  /** The field's value. */
  value(query: Query): Promise<string>;
  /** What the element (default: the page) shows, as rendered text. */
  text(query?: Query): Promise<string>;
  /** Waits until the element (default: the page) shows `text`. */
  waitForText(text: Matcher, within?: Query): Promise<void>;
  press(key: 'Escape'): Promise<void>;
  setViewport(width: number, height: number): Promise<void>;
  screenshot(file: string): Promise<void>;
  evaluate<T>(expression: string): Promise<T>;
  /** axe-core's serious and critical violations on what the page shows now, one line each. */
  axe(): Promise<string[]>;
  /** How far the page scrolls sideways, in CSS pixels. */
  horizontalOverflow(): Promise<number>;
  allowNotifications(origin: string): Promise<void>;
  close(): Promise<void>;
}

/** How long a wait lasts before it fails: Playwright's 15 s in the Chromium journeys. */
const DEADLINE_MS = 15_000;
/** How often a wait looks again. */
const POLL_MS = 50;

const nextPoll = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

/**
 * `attempt` again and again until it returns something other than undefined, through the errors
 * worth another look (retryable), until the deadline; then fails saying what was awaited and where.
 */
async function poll<T>(
  what: string,
  where: () => Promise<string>,
  attempt: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  let last: unknown;
  for (;;) {
    try {
      const result = await attempt();
      if (result !== undefined) return result;
    } catch (error) {
      if (!retryable(error)) throw error;
      last = error;
    }
    if (Date.now() > deadline) {
      const at = await where().catch(() => 'an unknown page');
      throw new Error(`Timed out after ${DEADLINE_MS / 1000} s ${what} on ${at}`, { cause: last });
    }
    await nextPoll();
  }
}

/** A stale, covered or moving element (React re-rendered it, a toast moved over it): look again. */
class RetryableError extends Error {}
const retryable = (error: unknown) =>
  error instanceof RetryableError ||
  (error instanceof Error &&
    /stale|detached|interactable|intercepted|no such element|not attached|node .* not found/i.test(
      `${error.name} ${error.message}`,
    ));

export function enginePage<E>(backend: Backend<E>): EnginePage {
  const path = () => backend.evaluate<string>('location.pathname + location.search');
  /** Where a wait failed: the engine, the path and the start of what the page showed. */
  const where = async () => {
    const shown = await backend.evaluate<string>('document.body.innerText').catch(() => '');
    return `${backend.engine} at ${await path()}, showing '${shown.replace(/\s+/g, ' ').slice(0, 300)}'`;
  };

  const found = (query: Query) =>
    poll(
      `waiting for ${describeQuery(query)}`,
      where,
      async () => (await backend.element(findExpression(query))) ?? undefined,
    );

  /** Finds the element and acts on it, finding it again if it went stale in between. */
  const act = (query: Query, what: string, action: (element: E) => Promise<void>) =>
    poll(`${what} ${describeQuery(query)}`, where, async () => {
      const element = await backend.element(findExpression(query));
      if (!element) return undefined;
      await action(element);
      return true;
    });

  /**
   * A date typed as a person types it: into the field's first part (focused as a Tab press focuses
   * it, then moved to the start: the field remembers the part last edited), as the engine writes
   * dates, separators and all (WebKit moves to the next part on a separator, not after two digits).
   */
  async function typeDate(query: Query, iso: string) {
    const [year, month, day] = iso.split('-').map(Number);
    const typed = await backend.evaluate<string>(
      `new Intl.DateTimeFormat(undefined, { day: '2-digit', month: '2-digit', year: 'numeric' })
        .format(new Date(${year}, ${month! - 1}, ${day}))`,
    );
    await act(query, 'typing a date into', async (element) => {
      await backend.call(element, '(el) => el.focus()');
      await backend.press('ArrowLeft');
      await backend.press('ArrowLeft');
      await backend.type(typed);
    });
    // The field reads the ISO date once all three parts are in.
    const shown = await page.value(query);
    if (shown !== iso) {
      throw new Error(
        `${backend.engine}: typed ${typed} into the date field ${describeQuery(query)}, which reads '${shown}', not ${iso}`,
      );
    }
  }

  /** A click once the element stands still (a dialog opening moves its contents), as Playwright's. */
  async function click(element: E) {
    if (!(await backend.call<boolean>(element, STABLE))) throw new RetryableError('the element is moving');
    await backend.click(element);
  }

  const page: EnginePage = {
    engine: backend.engine,
    goto: (url) => backend.goto(url),
    path,
    waitForPath: (expected) =>
      poll(`waiting for a path matching ${expected}`, where, async () =>
        expected.test(await path()) ? true : undefined,
      ).then(() => undefined),
    waitFor: (query) => found(query).then(() => undefined),
    waitGone: (query) =>
      poll(`waiting for ${describeQuery(query)} to go`, where, async () =>
        (await backend.element(findExpression(query))) ? undefined : true,
      ).then(() => undefined),
    click: (query) => act(query, 'clicking', (element) => click(element)).then(() => undefined),
    async fill(query, text) {
      const type = await backend.call<string>(await found(query), '(el) => el.type');
      if (type === 'date') return typeDate(query, text);
      await act(query, 'filling', async (element) => {
        // Focused with its text selected, so what is typed replaces it.
        await backend.call(element, '(el) => { el.focus(); el.select(); }');
        if (text === '') await backend.press('Backspace');
        else await backend.type(text);
      });
      const shown = await page.value(query);
      if (shown !== text) throw new Error(`${backend.engine}: typed '${text}', the field reads '${shown}'`);
    },
    select: (query, value) =>
      act(query, 'choosing in', (element) => backend.selectOption(element, value)).then(() => undefined),
    async check(query) {
      await act(query, 'ticking', (element) => click(element));
      await poll(`waiting for ${describeQuery(query)} to be ticked`, where, async () =>
        (await backend.call<boolean>(await found(query), '(el) => el.checked')) ? true : undefined,
      );
    },
    value: async (query) => backend.call<string>(await found(query), '(el) => el.value'),
    text: async (query) =>
      query
        ? backend.call<string>(await found(query), '(el) => el.innerText')
        : backend.evaluate<string>('document.body.innerText'),
    waitForText: (text, within) =>
      poll(`waiting for the text '${String(text)}'`, where, async () => {
        const shown = await page.text(within);
        const collapsed = shown.replace(/\s+/g, ' ');
        const matches = typeof text === 'string' ? collapsed.includes(text) : text.test(collapsed);
        return matches ? true : undefined;
      }).then(() => undefined),
    press: (key) => backend.press(key),
    setViewport: (width, height) => backend.setViewport(width, height),
    screenshot: (file) => backend.screenshot(file),
    evaluate: (expression) => backend.evaluate(expression),
    async axe() {
      await poll('waiting for the toasts to settle', where, async () =>
        (await backend.evaluate<boolean>(TOASTS_SETTLED)) ? true : undefined,
      );
      if (!(await backend.evaluate<boolean>("typeof window.axe?.run === 'function'"))) {
        await backend.evaluate(
          `(() => { ${AXE_SOURCE}; window.axe.configure({ allowedOrigins: ['<same_origin>'] }); return true; })()`,
        );
      }
      return seriousLines(await backend.evaluate<AxeViolation[]>(AXE_RUN));
    },
    horizontalOverflow: () => backend.evaluate<number>(HORIZONTAL_OVERFLOW),
    allowNotifications: (origin) => backend.allowNotifications(origin),
    close: () => backend.close(),
  };
  return page;
}
