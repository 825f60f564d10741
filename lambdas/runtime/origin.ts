import * as z from 'zod';
import { secretString } from './secrets.ts';

const secretValue = z.string().min(16);

/**
 * How old the value a container holds must be before a request that does not match it makes the
 * container read the secret again: a new value (decision 0016) reaches warm containers within this,
 * and wrong headers cannot make a container call Secrets Manager more often.
 */
export const ORIGIN_SECRET_RECHECK_MS = 5 * 60_000;

/**
 * The value CloudFront puts in ORIGIN_VERIFY_HEADER: API requests without it are refused. On AWS it
 * is read from Secrets Manager (ORIGIN_VERIFY_SECRET_ARN) on a container's first request and kept,
 * never held in the environment; `maxAgeMs` reads it again if the value held is that old. The local
 * stack sets ORIGIN_VERIFY itself. With neither there is no check (route() on its own in unit tests),
 * except on Lambda, where a function without the secret fails rather than answer requests that may
 * have skipped the web ACL.
 */
export async function originSecret(maxAgeMs = Infinity): Promise<string | undefined> {
  const arn = process.env.ORIGIN_VERIFY_SECRET_ARN || undefined;
  if (arn) return secretValue.parse(await secretString(arn, maxAgeMs));
  const plain = secretValue.optional().parse(process.env.ORIGIN_VERIFY || undefined);
  if (!plain && process.env.AWS_LAMBDA_FUNCTION_NAME)
    throw new Error('The origin secret is not configured (ORIGIN_VERIFY_SECRET_ARN)');
  return plain;
}
