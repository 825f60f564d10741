/**
 * What the channels' routes take. Every field is hostile: the server later sends to these
 * addresses, so they are checked here as far as text can be (https on the standard port, no user
 * name or password, no private IP literal, no name of this machine), and again by the server's
 * fetch, which resolves the name and refuses private addresses (lambdas/channels/safeFetch.ts).
 * An address is stored as a value, never as part of a key.
 */
import * as z from 'zod';
import { CHANNEL_KINDS, CHANNEL_MESSAGES } from './kinds.ts';
import { isIpLiteral, isLocalName, isPublicAddress } from './addresses.ts';

/** The longest address kept. */
export const CHANNEL_URL_MAX = 1000;

/**
 * The local stack's stand-ins (its ntfy server and webhook receiver) are plain http on this
 * machine: the schema lets such an address through, and the handler takes it only on the local
 * stage and only at a stand-in's exact origin (the way the fake push service is taken).
 */
export const isLocalStandInUrl = (url: URL) =>
  url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost') && url.port !== '';

/** Why an address cannot be a channel's, or null when its text is fine. */
export function channelUrlProblem(value: string): string | null {
  if (value.length > CHANNEL_URL_MAX) return CHANNEL_MESSAGES.urlTooLong;
  if (!URL.canParse(value)) return CHANNEL_MESSAGES.urlInvalid;
  const url = new URL(value);
  if (url.username || url.password) return CHANNEL_MESSAGES.urlUserinfo;
  if (isLocalStandInUrl(url)) return null;
  if (url.protocol !== 'https:') return CHANNEL_MESSAGES.urlHttps;
  if (url.port !== '') return CHANNEL_MESSAGES.urlPort;
  const host = url.hostname.replace(/\.$/, '');
  if (isIpLiteral(host)) return isPublicAddress(host) ? null : CHANNEL_MESSAGES.urlPrivate;
  if (isLocalName(host)) return CHANNEL_MESSAGES.urlPrivate;
  return null;
}

const channelUrl = z
  .string({ error: CHANNEL_MESSAGES.urlInvalid })
  .trim()
  .superRefine((value, context) => {
    const problem = channelUrlProblem(value);
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
const ntfyToken = z
  .string()
  .regex(/^[\x21-\x7e]{1,256}$/, CHANNEL_MESSAGES.tokenInvalid);

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
