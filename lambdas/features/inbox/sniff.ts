/**
 * What a file is, from its first bytes rather than its name or declared type (either can lie), and a
 * photo's size from its header, so a 20,000 × 20,000 image is refused before anything decodes it.
 */

export type Sniffed = 'pdf' | 'png' | 'jpeg' | 'archive' | 'other_image' | 'binary' | 'text';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
/** zip (and docx, xlsx, odt, jar: all zips), gzip, 7z, rar, bzip2, xz, tar's 'ustar' at 257. */
const ARCHIVES: readonly (readonly number[])[] = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x50, 0x4b, 0x07, 0x08],
  [0x1f, 0x8b],
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c],
  [0x52, 0x61, 0x72, 0x21],
  [0x42, 0x5a, 0x68],
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00],
];
const TAR = [0x75, 0x73, 0x74, 0x61, 0x72];
/** GIF, WebP ('RIFF' … 'WEBP'), HEIC/AVIF ('ftyp' at 4), BMP, TIFF: pictures we do not read. */
const OTHER_IMAGES: readonly (readonly number[])[] = [
  [0x47, 0x49, 0x46, 0x38],
  [0x42, 0x4d],
  [0x49, 0x49, 0x2a, 0x00],
  [0x4d, 0x4d, 0x00, 0x2a],
];

/** The PDF header may follow a little junk; readers look within the first kilobyte. */
function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

export function sniff(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (isPdf(bytes)) return 'pdf';
  if (ARCHIVES.some((sig) => startsWith(bytes, sig)) || startsWith(bytes, TAR, 257)) return 'archive';
  if (OTHER_IMAGES.some((sig) => startsWith(bytes, sig))) return 'other_image';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'other_image';
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) return 'other_image';
  return looksLikeText(bytes) ? 'text' : 'binary';
}

/** Text has no NUL bytes and few control characters in its first 8 KB. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of head) {
    if (b === 0) return false;
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control++;
  }
  return control <= head.length / 100;
}

export interface Dimensions {
  width: number;
  height: number;
}

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32 = (b: Uint8Array, i: number) =>
  ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;

/** A PNG's size from its IHDR chunk, which must come first; null when the header is broken. */
export function pngDimensions(bytes: Uint8Array): Dimensions | null {
  if (!startsWith(bytes, PNG) || bytes.length < 24) return null;
  if (Buffer.from(bytes.subarray(12, 16)).toString('latin1') !== 'IHDR') return null;
  return { width: u32(bytes, 16), height: u32(bytes, 20) };
}

/** Start-of-frame markers carry the size: C0–CF except C4 (tables), C8 (reserved) and CC (arithmetic). */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * A JPEG's size from its first start-of-frame segment, walking the segments' lengths (each step moves
 * forward, so the walk ends); null when none is found before the image data or the end.
 */
export function jpegDimensions(bytes: Uint8Array): Dimensions | null {
  if (!startsWith(bytes, JPEG)) return null;
  let i = 2;
  while (i + 3 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    // Fill bytes (FF FF …) before a marker.
    if (marker === 0xff) {
      i++;
      continue;
    }
    // Markers with no length: SOI, TEM, the restart markers.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // End of image or start of scan before a frame header: no size to read.
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = u16(bytes, i + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (i + 9 > bytes.length) return null;
      return { height: u16(bytes, i + 5), width: u16(bytes, i + 7) };
    }
    i += 2 + length;
  }
  return null;
}
