/**
 * The reminder's refusals in the user's words: each refusal by name (a name and its facts,
 * lambdas/store/reminders/refusals.ts) becomes the DomainError the route answers with, its status
 * and message, and for a form the field it is about; reminderRefusal is pure. The rules' refusals
 * are made by the use cases' decisions (rules/), which the store calls on what it read
 * (decidePlacing, decideLeaving below); the store's own are what persisting met.
 */
import { API_MESSAGES, HOUSEHOLD_MESSAGES } from '../../../shared/messages.ts';
import { QUOTE_MESSAGES } from '../../../shared/quotes.ts';
import { NOTICE_MESSAGES } from '../../../shared/reminder/noticeSchemas.ts';
import { SHARING_MESSAGES } from '../../../shared/reminder/sharing.ts';
import { SPLIT_MESSAGES } from '../../../shared/reminder/split.ts';
import { loggedLine, movedOnLine, NOT_RECORDED, whoLogged } from '../../../shared/reminder/termAnswer.ts';
import { MESSAGES } from '../../../shared/schemas/fields.ts';
import { DomainError, type DomainErrorKind } from '../../runtime/errors.ts';
import { enact, wordedBy } from '../../runtime/refusal.ts';
import {
  ImportBusyError,
  ImportTooSlowError,
  NextRenewalNotAfterError,
  NoticeRefusal,
  QuoteRefusal,
  SharingRefusal,
  TermAnsweredError,
  type PlacingRead,
  type SharingReason,
} from '../../store/reminders/index.ts';
import { leaving, placing } from './rules/sharing.ts';

/** A refusal about one field of the reminder dialog: the message beside it, and as the whole answer. */
const onField = (kind: DomainErrorKind, field: string, message: string) =>
  new DomainError(kind, message, { [field]: [message] });

const SHARING: Record<SharingReason, () => DomainError> = {
  not_in_household: () => onField('invalid', 'shared', HOUSEHOLD_MESSAGES.notInHousehold),
  deals_with_not_member: () => onField('invalid', 'deals_with', SHARING_MESSAGES.dealsWithNotMember),
  who_pays_not_member: () => onField('invalid', 'who_pays', SPLIT_MESSAGES.notMember),
  only_sharer_takes_back: () => onField('forbidden', 'shared', SHARING_MESSAGES.onlyItsSharerTakesBack),
  not_shared: () => onField('invalid', 'shared', SHARING_MESSAGES.notShared),
};

/** An answer about a term that is not open: what happened to it, and that nothing was recorded. */
const notRecorded = (line: string) => new DomainError('conflict', `${line}. ${NOT_RECORDED}`);

/** The DomainError a refusal of the reminders room answers with; undefined for anything else. */
export function reminderRefusal(error: unknown): DomainError | undefined {
  if (error instanceof SharingRefusal) return SHARING[error.reason]();
  if (error instanceof NoticeRefusal)
    return error.reason === 'no_notice'
      ? new DomainError('invalid', NOTICE_MESSAGES.noNotice)
      : notRecorded(movedOnLine(error.currentRenewal));
  if (error instanceof QuoteRefusal) {
    if (error.reason === 'busy') return new DomainError('unavailable', 'Too many changes at once: try again');
    return new DomainError('conflict', QUOTE_MESSAGES[error.reason]);
  }
  if (error instanceof NextRenewalNotAfterError)
    return onField('invalid', 'next_renewal_date', MESSAGES.nextRenewalNotAfter);
  if (error instanceof TermAnsweredError) {
    const { facts } = error;
    if (facts.kind === 'over') return notRecorded(movedOnLine(facts.currentRenewal));
    return notRecorded(loggedLine(facts.existing, whoLogged(facts.existing, facts.members), facts.zone));
  }
  if (error instanceof ImportBusyError) return new DomainError('conflict', API_MESSAGES.importBusy);
  if (error instanceof ImportTooSlowError) return new DomainError('unavailable', API_MESSAGES.tooSlow);
  return undefined;
}

/**
 * Runs a store write and answers its refusal in the user's words: the wrapper each reminder use case
 * puts around the store.
 */
export const worded = wordedBy(reminderRefusal);

/** The sharing rule as the store calls it on what it read: where the reminder goes, or its refusal thrown. */
export const decidePlacing = (read: PlacingRead) =>
  enact(placing(read), (reason) => new SharingRefusal(reason));

/** 'Leave this reminder' allowed on what the store read, or its refusal thrown. */
export const decideLeaving = (read: { shared: boolean }) =>
  enact(leaving(read), (reason) => new SharingRefusal(reason));
