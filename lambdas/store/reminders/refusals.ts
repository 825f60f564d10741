/**
 * The reminders' refusals, by name and with the facts a message needs: no user text and no status.
 * The rules' (sharing, the notice answer, a quote's room, an outcome's term) are made by the use
 * cases' decisions (lambdas/features/reminders/rules), which the store calls on what it read; the
 * store itself throws only what persisting met (quotes that kept colliding, an import busy or out of
 * time). The use cases word each one; the account-wide ones (the account gone, its limit, a reminder
 * that kept changing) are runtime/refusal.ts's.
 */
import type { RenewalOutcome } from '../../../shared/api.ts';
import { StoreRefusal } from '../../runtime/refusal.ts';

/** Where a reminder may live and who may move it (decision 0044). */
export type SharingReason =
  /** 'Shared with household' ticked by someone in no household (or sharing at once from none). */
  | 'not_in_household'
  /** 'Who deals with it?' names no member of the household. */
  | 'deals_with_not_member'
  /** 'Who pays?' names someone who is not a member of the household. */
  | 'who_pays_not_member'
  /** Unticking 'Shared with household' by a member who did not share it. */
  | 'only_sharer_takes_back'
  /** 'Leave this reminder' on a reminder that is the caller's own. */
  | 'not_shared';
export class SharingRefusal extends StoreRefusal<SharingReason> {}

/** The notice question asked of a reminder it is not for. */
export class NoticeRefusal extends StoreRefusal<'no_notice' | 'moved_on'> {
  constructor(
    reason: 'no_notice' | 'moved_on',
    /** The renewal the reminder is on now. */
    readonly currentRenewal: string,
  ) {
    super(reason);
  }
}

/** The quote notebook: its reminder cancelled, its renewal full, or adds at once that kept colliding. */
export class QuoteRefusal extends StoreRefusal<'cancelled' | 'limit' | 'busy'> {}

/** The next renewal date given is not after the one the outcome ends. */
export class NextRenewalNotAfterError extends StoreRefusal<'next_not_after'> {
  constructor() {
    super('next_not_after');
  }
}

/**
 * The term an outcome was for is over, or another member answered it: nothing was recorded. `logged`
 * has the answer there and the names of the members who may have given it, and the caller's zone.
 */
export class TermAnsweredError extends StoreRefusal<'term_over' | 'term_logged'> {
  constructor(
    readonly facts:
      | { kind: 'over'; currentRenewal: string }
      | {
          kind: 'logged';
          existing: RenewalOutcome;
          members: { membership_id: string; first_name: string; is_you?: boolean }[];
          zone: string;
        },
  ) {
    super(facts.kind === 'over' ? 'term_over' : 'term_logged');
  }
}

/** An import while another of the account's runs, or one that ran out of time before it committed. */
export class ImportBusyError extends StoreRefusal<'import_busy'> {
  constructor() {
    super('import_busy');
  }
}
export class ImportTooSlowError extends StoreRefusal<'import_too_slow'> {
  constructor() {
    super('import_too_slow');
  }
}
