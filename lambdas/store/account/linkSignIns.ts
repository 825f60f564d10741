/**
 * The confirmation link's one sign-in (decision 0023): PostConfirmation keeps the verifier the
 * confirming browser sent; VerifyAuthChallengeResponse redeems it. Only the verifier (a SHA-256) is
 * stored, never the secret; it is redeemed by one conditional delete, so it signs in once at most,
 * and never after its expiry (checked here: DynamoDB's TTL only removes the item some time later).
 */
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { LINK_SIGN_IN_TTL_SECONDS, LINK_TOKEN_PATTERN, linkVerifier } from '../../../shared/linkSignIn.ts';
import { ENTITY, keys, TTL_ATTRIBUTE } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { itemKey, putItem, tableName } from '../db.ts';

const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** The key of a user's link sign-in item. */
export const linkSignInKey = (userId: string) => itemKey(keys.user(userId), keys.linkSignIn());

/**
 * Keeps `verifier` for the user until LINK_SIGN_IN_TTL_SECONDS from `now`. A second call (Cognito
 * retrying PostConfirmation) replaces it with the same verifier.
 */
export async function offerLinkSignIn(userId: string, verifier: string, now = new Date()): Promise<void> {
  if (!LINK_TOKEN_PATTERN.test(verifier)) throw new Error('Malformed link sign-in verifier');
  await putItem({
    ...linkSignInKey(userId),
    entity: ENTITY.linkSignIn,
    verifier,
    created_at: now.toISOString(),
    [TTL_ATTRIBUTE]: epochSeconds(now) + LINK_SIGN_IN_TTL_SECONDS,
  });
}

/**
 * True when `secret` is the secret of the user's verifier and the verifier has not expired; the
 * verifier is deleted in the same request, so a second answer (or a concurrent one) is false.
 * A wrong answer leaves the verifier alone: it was not the secret's owner asking.
 */
export async function redeemLinkSignIn(userId: string, secret: string, now = new Date()): Promise<boolean> {
  if (!LINK_TOKEN_PATTERN.test(secret)) return false;
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: linkSignInKey(userId),
        ConditionExpression: '#entity = :entity AND #verifier = :verifier AND #expires > :now',
        ExpressionAttributeNames: { '#entity': 'entity', '#verifier': 'verifier', '#expires': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':entity': ENTITY.linkSignIn,
          ':verifier': await linkVerifier(secret),
          ':now': epochSeconds(now),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
