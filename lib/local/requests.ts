import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The largest request body the local server takes: Lambda's 6 MB request payload limit (the HTTP
 * API's own, 10 MB, is higher), so the largest valid import (IMPORT_BODY_MAX_BYTES) passes here as
 * on AWS, and each route's own limit answers the rest.
 */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;
/**
 * A body over the limit is read to its end and thrown away, so the client has finished sending when
 * the 413 goes out and reads it (closing a socket with unread data makes the kernel reset it, and the
 * client sees a reset instead of the answer). Past this much, the sender is not a browser: cut it off.
 */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/** A request the local server refuses before any handler sees it; the adapter answers its status. */
export class RequestError extends Error {
  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export const payloadTooLarge = () =>
  new RequestError(413, `Request body too large: the limit is ${MAX_BODY_BYTES / (1024 * 1024)} MB`);

/** The request body; a RequestError(413) once it has been read to its end when it is over 6 MB. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = declared > MAX_BODY_BYTES;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) {
        req.destroy();
        reject(payloadTooLarge());
      }
    });
    req.on('end', () => (tooLarge ? reject(payloadTooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/**
 * The path with its %-escapes decoded; a malformed escape (`/%E0%A4%A`) is the client's mistake, a
 * 400, wherever it appears.
 */
export function decodedPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    throw new RequestError(400, 'Malformed percent-encoding in the path');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
