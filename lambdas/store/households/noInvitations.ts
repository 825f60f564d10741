/**
 * Addresses that asked for no more household invitations (the link in an invitation mail, for
 * someone who is not a user): keyed by a keyed hash of the address, as suppressions are, so the
 * address is kept nowhere. Kept for good: the person said no.
 */
import { ENTITY, keys } from '../../../shared/table.ts';
import { addressHashes } from '../../runtime/signingKey.ts';
import { getItems, itemKey, putItem } from '../db.ts';

export async function stopInvitations(version: string, hash: string, now = new Date()): Promise<void> {
  await putItem({
    ...itemKey(keys.noInvitations(version, hash), keys.noInvitationsEntry()),
    entity: ENTITY.noInvitations,
    key_version: version,
    stopped_at: now.toISOString(),
  });
}

/** Whether the address asked for no invitations (under any key version of the ring). */
export async function invitationsStopped(email: string): Promise<boolean> {
  const hashes = await addressHashes(email);
  const found = await getItems(
    hashes.map(({ version, hash }) => ({
      pk: keys.noInvitations(version, hash),
      sk: keys.noInvitationsEntry(),
    })),
  );
  return found.length > 0;
}
