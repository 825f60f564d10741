/**
 * A chosen file as 'Upload a letter' sends it: its type, checked by name when the browser gives none
 * (an .eml often has none), its size checked against the limit before a byte is read, and its bytes as
 * base64 for the JSON body.
 */
import {
  INBOX_MESSAGES,
  INBOX_UPLOAD_MAX_BYTES,
  INBOX_UPLOAD_TYPES,
  type InboxUpload,
} from '#shared/inbox/items.ts';

type UploadType = (typeof INBOX_UPLOAD_TYPES)[number];

const BY_EXTENSION: Record<string, UploadType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  eml: 'message/rfc822',
  txt: 'text/plain',
};

/** What the file picker offers: the types, and their extensions for files the system has no type for. */
export const UPLOAD_ACCEPT = [...INBOX_UPLOAD_TYPES, ...Object.keys(BY_EXTENSION).map((e) => `.${e}`)].join(
  ',',
);

const MAX_MB = INBOX_UPLOAD_MAX_BYTES / 1024 / 1024;
export const UPLOAD_TOO_LARGE = `This file is larger than ${MAX_MB} MB, the most we take: paste the text of the letter instead, or take a smaller photo.`;
export const UPLOAD_UNREADABLE = 'The file could not be read. Choose it again';

function typeOf(file: File): UploadType | null {
  const given = (INBOX_UPLOAD_TYPES as readonly string[]).includes(file.type)
    ? (file.type as UploadType)
    : null;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return given ?? BY_EXTENSION[extension] ?? null;
}

/** Why a file cannot be sent (its type, its size), or null when it can. */
export function uploadProblem(file: File): string | null {
  if (typeOf(file) === null) return INBOX_MESSAGES.fileType;
  if (file.size > INBOX_UPLOAD_MAX_BYTES) return UPLOAD_TOO_LARGE;
  return null;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: one call with millions of arguments overflows the stack.
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** The upload's body for `file`, or why it cannot be sent. */
export async function fileUpload(file: File): Promise<InboxUpload | { error: string }> {
  const problem = uploadProblem(file);
  if (problem) return { error: problem };
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { error: UPLOAD_UNREADABLE };
  }
  return { kind: 'file', name: file.name, media_type: typeOf(file)!, data: toBase64(bytes) };
}
