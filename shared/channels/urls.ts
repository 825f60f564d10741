/**
 * Whether an address may be a channel's, as far as its text tells: https on the standard port, no
 * user name or password (`channelUrlShapeProblem`, which the routes' schemas ask), and no private
 * IP literal and no name of this machine (`channelUrlProblem`, which the saving handlers and the
 * server's fetch ask; it needs the address ranges, which every route's bundle need not carry). The
 * server's fetch then resolves the name and checks every address (lambdas/features/channels/safeFetch.ts).
 */
import { isIpLiteral, isLocalName, isPublicAddress } from './addresses.ts';

/** An address's refusals, in words (part of CHANNEL_MESSAGES). */
export const CHANNEL_URL_MESSAGES = {
  urlHttps: 'Use an https address',
  urlInvalid: 'Enter a full address, like https://ntfy.sh/my-renewals',
  urlPort: 'Use an address on the standard https port (no :port)',
  urlUserinfo: 'Leave out any user name or password in the address',
  urlPrivate: 'That address is on a private network: use one on the internet',
  urlTooLong: 'That address is too long',
} as const;

/** The longest address kept. */
export const CHANNEL_URL_MAX = 1000;

/**
 * The local stack's stand-ins (its ntfy server and webhook receiver) are plain http on this
 * machine: the schema lets such an address through, and the handler takes it only on the local
 * stage and only at a stand-in's exact origin (the way the fake push service is taken).
 */
export const isLocalStandInUrl = (url: URL) =>
  url.protocol === 'http:' &&
  (url.hostname === '127.0.0.1' || url.hostname === 'localhost') &&
  url.port !== '';

/** Why an address's form cannot be a channel's (scheme, port, user name), or null when it can. */
export function channelUrlShapeProblem(value: string): string | null {
  if (value.length > CHANNEL_URL_MAX) return CHANNEL_URL_MESSAGES.urlTooLong;
  if (!URL.canParse(value)) return CHANNEL_URL_MESSAGES.urlInvalid;
  const url = new URL(value);
  if (url.username || url.password) return CHANNEL_URL_MESSAGES.urlUserinfo;
  if (isLocalStandInUrl(url)) return null;
  if (url.protocol !== 'https:') return CHANNEL_URL_MESSAGES.urlHttps;
  if (url.port !== '') return CHANNEL_URL_MESSAGES.urlPort;
  return null;
}

/** Why an address cannot be a channel's, or null when its text is fine: its form, then its host. */
export function channelUrlProblem(value: string): string | null {
  const shape = channelUrlShapeProblem(value);
  if (shape || isLocalStandInUrl(new URL(value))) return shape;
  const host = new URL(value).hostname.replace(/\.$/, '');
  if (isIpLiteral(host)) return isPublicAddress(host) ? null : CHANNEL_URL_MESSAGES.urlPrivate;
  if (isLocalName(host)) return CHANNEL_URL_MESSAGES.urlPrivate;
  return null;
}
