/**
 * The local stage's VAPID seed (lambdas/push/vapid.ts): made at the first start and kept in the
 * stack's data directory, so browsers that subscribed keep receiving pushes after a restart. On AWS
 * the stack generates it in Secrets Manager.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const PUSH_SEED_FILE = 'push-seed';

export function loadOrCreatePushSeed(dataDir: string): string {
  const file = path.join(dataDir, PUSH_SEED_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}
