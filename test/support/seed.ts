/** Accounts seeded straight into the table, for tests of the reminder job (no sign-up, no login). */
import { randomUUID } from 'node:crypto';
import { ensureProfile } from '../../lambdas/store/account/index.ts';

/** A London profile that takes reminder e-mails, at a unique address starting with `label`. */
export async function seedUser(label: string): Promise<{ userId: string; email: string }> {
  const userId = randomUUID();
  const email = `${label}.${userId.slice(0, 8)}@example.com`;
  await ensureProfile({
    userId,
    email,
    firstName: label,
    lastName: null,
    country: 'GB',
    marketingConsent: false,
  });
  return { userId, email };
}
