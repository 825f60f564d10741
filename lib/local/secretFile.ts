/**
 * Secrets of the local stage, made at its first start and kept in the stack's data directory
 * (`.local/`), readable by the owner only: nothing a developer's local stack signs with is a value
 * published in the repository. On AWS the stack generates each in Secrets Manager.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The VAPID seed of push notifications (lambdas/features/push/vapid.ts). */
export const PUSH_SEED_FILE = 'push-seed';
/** The key of unsubscribe links, calendar addresses and 'Add to calendar' links (lambdas/runtime/signingKey.ts). */
export const SIGNING_SECRET_FILE = 'signing-secret';

/** The secret in `dataDir/name`, made (48 random bytes, base64url) when there is none yet. */
export function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

export const loadOrCreatePushSeed = (dataDir: string) => loadOrCreateSecret(dataDir, PUSH_SEED_FILE);
export const loadOrCreateSigningSecret = (dataDir: string) =>
  loadOrCreateSecret(dataDir, SIGNING_SECRET_FILE);
