/**
 * Sending one push to one device: the request is signed with the stage's VAPID keys and its payload
 * encrypted for the subscription (aes128gcm, request.ts); it goes out with fetch, so the local
 * stack's fake push service on http://127.0.0.1 is reached the same way as a real one.
 * A 404 or 410 means the subscription is gone for good; anything else may pass, so it is retried.
 */
import type { PushPayload } from '../../../shared/push.ts';
import { env } from '../../runtime/env.ts';
import { errorMessage } from '../../runtime/errors.ts';
import { retrying } from '../../runtime/retry.ts';
import type { StoredPushDevice } from '../../store/push/index.ts';
import { pushRequest } from './request.ts';
import { vapidKeys } from './vapid.ts';

/** A day: a push about today's renewals is no use tomorrow, so the service may drop it after that. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

export type PushOutcome = { outcome: 'sent' } | { outcome: 'gone' } | { outcome: 'failed'; error: string };

class PushServiceError extends Error {
  constructor(readonly status: number) {
    super(`The push service answered ${status}`);
    this.name = 'PushServiceError';
  }
}

const isGone = (error: unknown) => error instanceof PushServiceError && [404, 410].includes(error.status);

/** The address push services may write to about our pushes (RFC 8292): the stage's mail sender. */
function subject(): string {
  const from = env().EMAIL_FROM;
  return `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from}`;
}

async function postOnce(device: StoredPushDevice, body: string): Promise<void> {
  const request = pushRequest(device, body, {
    keys: await vapidKeys(),
    subject: subject(),
    ttlSeconds: PUSH_TTL_SECONDS,
  });
  const response = await fetch(device.endpoint, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  if (response.status < 200 || response.status > 299) throw new PushServiceError(response.status);
}

/** Sends `payload` to one device: retried twice (200, 400 ms) unless the service says it is gone. */
export async function pushTo(
  device: StoredPushDevice,
  payload: PushPayload,
  options: { retries?: number; baseMs?: number } = {},
): Promise<PushOutcome> {
  try {
    await retrying(() => postOnce(device, JSON.stringify(payload)), {
      retries: options.retries ?? 2,
      baseMs: options.baseMs ?? 200,
      retryOn: (error) => !isGone(error),
    });
    return { outcome: 'sent' };
  } catch (error) {
    if (isGone(error)) return { outcome: 'gone' };
    return { outcome: 'failed', error: errorMessage(error) };
  }
}
