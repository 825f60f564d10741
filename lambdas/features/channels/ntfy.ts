/**
 * ntfy: a message published to the user's topic (ntfy.sh or their own server), by a POST of the
 * text to the topic's address with its title and link in headers, the access token (when kept) as
 * Bearer. Through safeFetch: the address is the user's.
 */
import * as z from 'zod';
import { env } from '../../runtime/env.ts';
import { answerOutcome, type ChannelOutcome } from './outcome.ts';
import { safeFetch } from './safeFetch.ts';

/** What ntfy answers a publish with (its message's id, among others). */
const published = z.object({ id: z.string().max(64) });

/** Header values are ASCII: anything else in a title becomes '?' (the body is UTF-8 and carries the text). */
const asciiHeader = (value: string) => value.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);

export async function publishToNtfy(
  topic: { topic_url: string; token: string | null },
  message: { title: string; body: string; click: string },
): Promise<ChannelOutcome> {
  const result = await safeFetch(topic.topic_url, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      title: asciiHeader(message.title),
      click: message.click,
      tags: 'date',
      ...(topic.token ? { authorization: `Bearer ${topic.token}` } : {}),
    },
    body: message.body,
    allowOrigins: env().LOCAL_CHANNEL_ORIGINS,
  });
  if (result.outcome === 'refused')
    return { outcome: 'failed', httpStatus: null, summary: `Not sent: ${result.reason}` };
  if (result.outcome === 'failed') return { outcome: 'failed', httpStatus: null, summary: result.reason };
  let id: string | undefined;
  try {
    id = published.safeParse(JSON.parse(result.body)).data?.id;
  } catch {
    id = undefined;
  }
  return answerOutcome(
    result.status,
    id ? `ntfy accepted it (message ${id})` : `The server accepted it (${result.status})`,
  );
}
