/**
 * The link-preview picture (Open Graph and Twitter cards), drawn at build time as a PNG with no image
 * library: the brand colour, and a white calendar page with one day ringed. Flat colours compress to a
 * few kilobytes.
 */
import zlib from 'node:zlib';
import { BRAND_COLOR, PRODUCT_NAME } from '../../shared/brand.ts';

export const OG_IMAGE = {
  file: 'og-image.png',
  width: 1200,
  height: 630,
  alt: `${PRODUCT_NAME}: a calendar page with a renewal date ringed`,
} as const;

type Rgb = readonly [number, number, number];

const hex = (color: string): Rgb =>
  [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as unknown as Rgb;
const WHITE: Rgb = [255, 255, 255];
const AMBER: Rgb = [245, 166, 35];
const LINE: Rgb = [214, 224, 230];

/** The colour of pixel (x, y): later shapes paint over earlier ones. */
function colourAt(x: number, y: number, brand: Rgb): Rgb {
  const page = { left: 420, top: 135, right: 780, bottom: 495 };
  const inPage = x >= page.left && x < page.right && y >= page.top && y < page.bottom;
  if (!inPage) return brand;
  if (y < page.top + 80) return brand.map((c) => Math.round(c * 0.7)) as unknown as Rgb;
  // A 5 × 3 grid of days below the page's header; the ringed day is the fourth of the second row.
  const col = Math.floor((x - page.left - 20) / 64);
  const row = Math.floor((y - page.top - 100) / 64);
  const inCell = (x - page.left - 20) % 64 < 52 && (y - page.top - 100) % 64 < 52;
  if (col < 0 || col > 4 || row < 0 || row > 3 || !inCell) return WHITE;
  const dx = x - (page.left + 20 + 3 * 64 + 26);
  const dy = y - (page.top + 100 + 1 * 64 + 26);
  const r = Math.hypot(dx, dy);
  if (r <= 26) return r >= 19 ? AMBER : LINE;
  return LINE;
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The picture as PNG bytes (8-bit RGB, no interlace). */
export function ogImagePng(): Buffer {
  const { width, height } = OG_IMAGE;
  const brand = hex(BRAND_COLOR);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 3 + 1); // each row starts with filter type 0
    for (let x = 0; x < width; x++) rows.set(colourAt(x, y, brand), start + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
