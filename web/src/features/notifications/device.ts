/**
 * This device as people name it: '{browser} on {platform}', from the user agent, each from a closed
 * list (shared/push.ts), so what is stored and shown is never free text from the browser.
 */
import type { PushBrowser, PushPlatform } from '#shared/push.ts';

export interface ThisDevice {
  browser: PushBrowser;
  platform: PushPlatform;
}

const BROWSERS: [RegExp, PushBrowser][] = [
  [/Edg\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const PLATFORMS: [RegExp, PushPlatform][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function describeDevice(userAgent: string): ThisDevice {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Browser';
  const platform = PLATFORMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'this device';
  return { browser, platform };
}

export const deviceLabel = (device: ThisDevice) => `${device.browser} on ${device.platform}`;

/**
 * An iPhone or iPad browser that is not the app on the Home Screen: iOS offers push only to web apps
 * added there. (iPadOS says 'Macintosh', so a touch screen tells it apart.)
 */
export function needsHomeScreen(userAgent: string, standalone: boolean, touchPoints: number): boolean {
  const iOS = /iPhone|iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  return iOS && !standalone;
}
