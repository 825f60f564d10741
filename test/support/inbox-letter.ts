/**
 * The renewal inbox's integration kit: the forwarded Aviva car-insurance renewal of the corpus
 * (test/fixtures/inbox/aviva-car-outlook-fwd.eml), as a user forwards it to their inbox address and
 * as the mail function is handed it, and the reminder it renews.
 */
import { readFileSync } from 'node:fs';
import type { InboundMail } from '../../lambdas/features/inbox/receive.ts';

export const AVIVA_LETTER = readFileSync(
  new URL('../fixtures/inbox/aviva-car-outlook-fwd.eml', import.meta.url),
  'utf8',
);

/** The reminder the Aviva letter renews (its provider, its renewal date), with no price yet. */
export const AVIVA_CAR_INSURANCE = {
  title: 'Car insurance',
  category: 'insurance',
  provider: 'Aviva',
  renewal_date: '2027-01-20',
  amount: null,
  billing: 'yearly',
  date_kind: 'renewal',
  repeats: 'yearly',
};

/** `raw` (the Aviva letter unless given) forwarded by `from` to `to`. */
export const forwarded = (from: string, to: string, raw = AVIVA_LETTER) =>
  raw.replace(/^From: .*$/m, `From: Chris Owen <${from}>`).replace(/^To: .*$/m, `To: ${to}`);

/** `raw` forwarded by `from` to the inbox `address`, as SES hands the mail function one delivery. */
export const inboundMail = (
  address: string,
  from: string,
  deliveryId: string,
  raw = AVIVA_LETTER,
): InboundMail => ({
  raw: new TextEncoder().encode(forwarded(from, address, raw)),
  recipients: [address],
  envelopeFrom: from,
  verdicts: null,
  deliveryId,
});
