/**
 * WebKit: WebKitGTK (Safari's engine family) through Debian's WebKitWebDriver (apt-get install -y
 * webkit2gtk-driver), driving the MiniBrowser that comes with the engine, by selenium-webdriver.
 * Debian's WebKitGTK is the GTK 3 build, whose MiniBrowser has no headless mode: it runs on a
 * display of its own from Xvfb (apt-get install -y xvfb), started here and stopped with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Builder, By, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { freePort } from '../../../lib/local/ports.ts';
import { enginePage, type Backend, type EnginePage } from './page.ts';

export const WEBKIT_WEBDRIVER = process.env.WEBKIT_WEBDRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const XVFB = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

/** The MiniBrowser of the installed WebKitGTK (libwebkit2gtk-4.1-0, which the driver depends on). */
function miniBrowser(): string | undefined {
  if (process.env.WEBKIT_MINIBROWSER_PATH) return process.env.WEBKIT_MINIBROWSER_PATH;
  return fs
    .readdirSync('/usr/lib', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join('/usr/lib', entry.name, 'webkit2gtk-4.1/MiniBrowser'))
    .find((candidate) => fs.existsSync(candidate));
}

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide, wider than a phone. This GTK
 * stylesheet shrinks the toolbar's buttons and address bar to nothing, so the window, and the page
 * in it, can be 390 px wide; the page itself is drawn as ever.
 */
const SMALL_TOOLBAR_CSS = `headerbar *, toolbar *, window > box > box:first-child * {
  min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px;
  -gtk-icon-transform: scale(0.01);
}`;

/** The display: room for a laptop's width, and a page's whole height for a screenshot (at most). */
const SCREEN = { width: 1600, height: 4800 };

/**
 * A 1 px dot, all but transparent, changing colour every frame while a screenshot is taken:
 * WebKitGTK's shared-memory renderer (see WEBKIT_DISABLE_DMABUF_RENDERER) takes the screenshot from
 * the next frame it presents, and a page with nothing moving presents none.
 */
const REPAINT_START = `(() => {
  const dot = document.createElement('div');
  dot.id = 'rr-repaint';
  dot.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;pointer-events:none;opacity:0.004';
  document.documentElement.append(dot);
  let on = false;
  const tick = () => { if (!dot.isConnected) return; on = !on; dot.style.background = on ? '#000' : '#fff'; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})()`;
const REPAINT_STOP = `document.getElementById('rr-repaint')?.remove()`;

const KEYS = { ArrowLeft: Key.ARROW_LEFT, Backspace: Key.BACK_SPACE, Escape: Key.ESCAPE } as const;

/** Xvfb on the first free display number, which it reports on a pipe once it accepts clients. */
async function startXvfb(): Promise<{ xvfb: ChildProcess; display: string }> {
  const screen = `${SCREEN.width}x${SCREEN.height}x24`;
  const xvfb = spawn(XVFB, ['-displayfd', '3', '-screen', '0', screen, '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  xvfb.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.stdio[3]!.once('data', (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${errors}`)));
  });
  return { xvfb, display };
}

/** Stops a process this file started, and waits until it has gone. */
function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}

/** Polls the driver's status until it answers (it listens within a second of starting). */
async function driverReady(url: string, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
    const ready = await fetch(`${url}/status`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function launchWebKit(): Promise<EnginePage> {
  const browserPath = miniBrowser();
  const missing = [
    [WEBKIT_WEBDRIVER, 'webkit2gtk-driver', 'WEBKIT_WEBDRIVER_PATH'],
    [browserPath, 'webkit2gtk-driver', 'WEBKIT_MINIBROWSER_PATH'],
    [XVFB, 'xvfb', 'XVFB_PATH'],
  ].filter(([file]) => !file || !fs.existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      missing
        .map(
          ([file, apt, env]) =>
            `${file ?? 'MiniBrowser'} not found: apt-get install -y ${apt} (or set ${env})`,
        )
        .join('; '),
    );
  }

  // A home of its own for GTK's settings (the stylesheet) and for WebKit's caches and data.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-webkit-'));
  fs.mkdirSync(path.join(home, 'config/gtk-3.0'), { recursive: true });
  fs.writeFileSync(path.join(home, 'config/gtk-3.0/gtk.css'), SMALL_TOOLBAR_CSS);
  const { xvfb, display } = await startXvfb();
  const port = await freePort();
  const server = spawn(WEBKIT_WEBDRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      DISPLAY: display,
      XDG_CONFIG_HOME: path.join(home, 'config'),
      XDG_CACHE_HOME: path.join(home, 'cache'),
      XDG_DATA_HOME: path.join(home, 'data'),
      // No accessibility bus on a bare display: GTK would wait for one at each start.
      NO_AT_BRIDGE: '1',
      // WebKitGTK's DMA-BUF renderer has no GPU to use here, and holds a new page's first animation
      // frame for seconds; its shared-memory renderer draws the same at once (screenshots: REPAINT).
      WEBKIT_DISABLE_DMABUF_RENDERER: '1',
    },
  });
  const stop = async () => {
    await Promise.all([ended(server), ended(xvfb)]);
    fs.rmSync(home, { recursive: true, force: true, maxRetries: 3 });
  };

  let driver: WebDriver;
  try {
    const url = `http://127.0.0.1:${port}`;
    await driverReady(url, server);
    driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: browserPath, args: ['--automation'] },
      })
      .build();
  } catch (error) {
    await stop();
    throw error;
  }

  async function setViewport(width: number, height: number) {
    // The window's size is the page's plus MiniBrowser's own (its toolbar), measured first. With no
    // window manager, X gives the keyboard focus to the window under the pointer, which stays at the
    // display's middle: the window is centred on it, or the page would lose focus (no :focus styles,
    // document.hasFocus() false) at the first resize.
    const [outerWidth, innerWidth, outerHeight, innerHeight] = await driver.executeScript<number[]>(
      'return [outerWidth, innerWidth, outerHeight, innerHeight]',
    );
    const windowWidth = width + outerWidth! - innerWidth!;
    const windowHeight = height + outerHeight! - innerHeight!;
    await driver
      .manage()
      .window()
      .setRect({
        x: Math.round((SCREEN.width - windowWidth) / 2),
        y: Math.round((SCREEN.height - windowHeight) / 2),
        width: windowWidth,
        height: windowHeight,
      });
    // The page hears of its new size (and has the focus back) a moment after the window has it.
    const deadline = Date.now() + 5_000;
    for (;;) {
      const [pageWidth, pageHeight, focused] = await driver.executeScript<[number, number, boolean]>(
        'return [innerWidth, innerHeight, document.hasFocus()]',
      );
      if (pageWidth === width && pageHeight === height && focused) return;
      if (Date.now() > deadline) {
        throw new Error(
          `webkit: asked for a focused ${width}×${height} viewport, MiniBrowser gives ` +
            `${pageWidth}×${pageHeight}${focused ? '' : ', unfocused'}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const backend: Backend<WebElement> = {
    engine: 'webkit',
    evaluate: (expression) => driver.executeScript(`return ${expression}`),
    element: (expression) => driver.executeScript<WebElement | null>(`return ${expression}`),
    call: (element, fn) => driver.executeScript(`return (${fn})(arguments[0])`, element),
    // A pointer click at the element's middle, as puppeteer clicks: WebKitWebDriver's own element
    // click refuses some plain buttons in view as 'not interactable'.
    async click(element) {
      await driver.executeScript(
        "arguments[0].scrollIntoView({ block: 'center', inline: 'center' })",
        element,
      );
      await driver.actions().move({ origin: element }).click().perform();
    },
    selectOption: (element, value) => element.findElement(By.css(`option[value="${value}"]`)).click(),
    type: (text) => driver.actions().sendKeys(text).perform(),
    press: (key) => driver.actions().sendKeys(KEYS[key]).perform(),
    goto: (url) => driver.get(url),
    setViewport,
    async screenshot(file) {
      // WebDriver's screenshots stop at the viewport: the whole page is taken with the viewport
      // as tall as the page for the moment, as Playwright takes Chromium's.
      const [width, height, pageHeight] = await driver.executeScript<number[]>(
        'return [innerWidth, innerHeight, document.documentElement.scrollHeight]',
      );
      if (pageHeight! > height!) await setViewport(width!, Math.min(pageHeight!, SCREEN.height));
      await driver.executeScript(REPAINT_START);
      const png = await driver.takeScreenshot();
      await driver.executeScript(REPAINT_STOP);
      fs.writeFileSync(file, png, 'base64');
      if (pageHeight! > height!) await setViewport(width!, height!);
    },
    // WebKitGTK has no Push API, so the product never asks; nothing to allow.
    allowNotifications: async () => undefined,
    async close() {
      await driver.quit().catch(() => undefined);
      await stop();
    },
  };
  return enginePage(backend);
}
