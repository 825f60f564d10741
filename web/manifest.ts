/**
 * The web app manifest, built from the product's identity (shared/brand.ts), so the installed app's
 * name and colour are the site's. The vite config emits it as /manifest.webmanifest.
 */
import { BRAND_COLOR, DESCRIPTION, PRODUCT_NAME, SHORT_NAME } from '../shared/brand.ts';

export const MANIFEST_PATH = '/manifest.webmanifest';

export const webManifest = {
  id: '/dashboard',
  name: PRODUCT_NAME,
  short_name: SHORT_NAME,
  description: DESCRIPTION,
  lang: 'en-GB',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  theme_color: BRAND_COLOR,
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    // Drawn inside the middle 80%, so a launcher's circle or squircle never clips the clock.
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
} as const;
