/**
 * What the channels' routes take. Every field is hostile: the server later sends to these
 * addresses, so their form is checked here (https on the standard port, no user name or password),
 * their host by the handler that saves them (no private IP literal, no name of this machine:
 * shared/channels/urls.ts), and every address the name resolves to by the server's fetch
 * (lambdas/features/channels/safeFetch.ts). An address is stored as a value, never as part of a key.
 */
import * as z from 'zod';
import { CHANNEL_KINDS, CHANNEL_MESSAGES } from './kinds.ts';
import { channelUrlShapeProblem } from './urls.ts';

export { CHANNEL_URL_MAX, channelUrlProblem, channelUrlShapeProblem, isLocalStandInUrl } from './urls.ts';

const channelUrl = z
  .string({ error: CHANNEL_MESSAGES.urlInvalid })
  .trim()
  .superRefine((value, context) => {
    const problem = channelUrlShapeProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  // Kept as URL writes it (host lower case, IDN as punycode), without a fragment.
  .transform((value) => {
    const url = new URL(value);
    url.hash = '';
    return url.href;
  });

/** ntfy's topic names: letters, digits, - and _, up to 64 (ntfy.sh refuses others). */
const NTFY_TOPIC = /^[-_A-Za-z0-9]{1,64}$/;
/** An ntfy topic URL: the server (and any path it is served under), then the topic; no query. */
const isTopicUrl = (value: string) => {
  const url = new URL(value);
  const segments = url.pathname.split('/').slice(1);
  const topic = segments.at(-1) ?? '';
  return url.search === '' && NTFY_TOPIC.test(topic) && segments.slice(0, -1).every((s) => s !== '');
};

/** An ntfy access token (sent as `Authorization: Bearer …`): visible ASCII, no spaces. */
const ntfyToken = z.string().regex(/^[\x21-\x7e]{1,256}$/, CHANNEL_MESSAGES.tokenInvalid);

/**
 * PUT /api/channels/ntfy: the topic's address and its access token. `token` absent keeps the one
 * stored (so the address can change without typing it again), null removes it.
 */
export const ntfySettingsSchema = z
  .object({
    topic_url: channelUrl.refine(isTopicUrl, CHANNEL_MESSAGES.topicInvalid),
    token: ntfyToken.nullable().optional(),
  })
  .strict();
export type NtfySettings = z.output<typeof ntfySettingsSchema>;

/** PUT /api/channels/webhook: the receiver's https address. */
export const webhookSettingsSchema = z.object({ url: channelUrl }).strict();
export type WebhookSettings = z.output<typeof webhookSettingsSchema>;

/** Path parameter {kind}: one of the closed list. */
export const channelKindParamSchema = z.object({
  kind: z.enum(CHANNEL_KINDS, { error: CHANNEL_MESSAGES.notSetUp }),
});
