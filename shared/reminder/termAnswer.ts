/**
 * One answer per term: whether a renewal can still be answered, and how an answer already given is
 * said. A term is the one ending at a renewal date; the follow-up mail names it, the outcome page
 * and its request carry it, and the store refuses an answer for a term that is over or that someone
 * else answered. Pure: the page, the store's refusal and the ledger say it the same way.
 */
import { DateTime } from 'luxon';
import type { RenewalOutcome, RenewalResult } from './types.ts';
import { formatPounds, formatUkDate } from '../dates.ts';
import { isRealDate } from './realDate.ts';
import { daysBetween } from './schedule.ts';
import { FORMER_MEMBER, memberName } from './sharing.ts';

/** The job's roll on with no word from anyone is kept in the history, but it is no answer and saves nothing. */
export const isAnswer = (outcome: Pick<RenewalOutcome, 'result'>) => outcome.result !== 'rolled_forward';

/** What happened, in the words of 'Alice logged this on …: switched'. */
export const RESULT_WORDS: Record<RenewalResult, string> = {
  switched: 'switched',
  negotiated: 'haggled a better price',
  renewed: 'renewed as is',
  cancelled: 'cancelled',
  rolled_forward: 'rolled on to the next term with no answer',
  saved: 'saved money',
};

/** Who, of the people a household's members list names, logged an outcome: 'You', a first name, or 'A former member'. */
export function whoLogged(
  outcome: Pick<RenewalOutcome, 'shared' | 'recorded_by'>,
  members: readonly { membership_id: string; first_name: string; is_you?: boolean }[],
): string {
  // An own reminder's outcomes are only ever its owner's.
  if (!outcome.shared) return 'You';
  return memberName(outcome.recorded_by, members) ?? FORMER_MEMBER;
}

/**
 * 'Alice logged this on 03/12/2026: switched, £64.20 saved': the day of the answer in the reader's
 * zone, and the saving per term as it was typed.
 */
export function loggedLine(
  outcome: Pick<RenewalOutcome, 'result' | 'saved_amount' | 'updated_at'>,
  who: string,
  zone: string,
): string {
  const on = DateTime.fromISO(outcome.updated_at, { zone: 'utc' }).setZone(zone).toFormat('dd/MM/yyyy');
  const saved = outcome.saved_amount > 0 ? `, ${formatPounds(outcome.saved_amount)} saved` : '';
  return `${who} logged this on ${on}: ${RESULT_WORDS[outcome.result]}${saved}`;
}

/** A term that ended with no answer (rolled on by the job, or the date moved), as the page and the refusal say it. */
export const movedOnLine = (currentRenewal: string) =>
  `This renewal is over: the reminder now renews on ${formatUkDate(currentRenewal)}`;

export const NOT_RECORDED = 'Your answer was not recorded.';

/**
 * Whether the term ending at `term` can be answered now, for a reminder now renewing on `current`:
 * - `open`: it is the current term and nobody has answered;
 * - `replace`: the current term, answered by the caller, who may correct their own answer;
 * - `logged`: answered (by someone else, or the term is over): nothing more is recorded for it;
 * - `over`: the term ended with no answer (rolled on, or the renewal date was changed).
 */
export type TermState =
  | { kind: 'open' }
  | { kind: 'replace'; existing: RenewalOutcome }
  | { kind: 'logged'; existing: RenewalOutcome }
  | { kind: 'over' };

export function termState(
  current: string,
  term: string,
  existing: RenewalOutcome | undefined,
  mine: boolean,
): TermState {
  const answered = existing && isAnswer(existing) ? existing : undefined;
  if (term !== current) return answered ? { kind: 'logged', existing: answered } : { kind: 'over' };
  if (!existing) return { kind: 'open' };
  return mine ? { kind: 'replace', existing } : { kind: 'logged', existing };
}

/** The renewal a follow-up link names (`?renewal=`), when it is a real date; null otherwise. */
export const renewalFromLink = (value: string | null): string | null =>
  value !== null && isRealDate(value) ? value : null;

/** Days an answer stays what a bare outcome link shows once its term has rolled on to the next. */
export const RECENT_ANSWER_DAYS = 30;

/**
 * The term an outcome page asks about: the one its link names; else, while the next renewal is still
 * ahead and the term before it was answered in the last 30 days, that answer (a household member's
 * older link, or a second look after answering, shows what was logged, never a blank form for a
 * renewal a year away); else the current term. `today` is the reader's local date.
 */
export function termToAsk(
  current: string,
  history: readonly Pick<RenewalOutcome, 'result' | 'term_to' | 'updated_at'>[],
  linked: string | null,
  today: string,
): string {
  if (linked !== null) return linked;
  if (current <= today) return current;
  const latest = history
    .filter((outcome) => isAnswer(outcome) && outcome.term_to !== null && outcome.term_to < current)
    .sort((a, b) => (a.term_to! < b.term_to! ? 1 : -1))[0];
  const recent = latest && daysBetween(latest.updated_at.slice(0, 10), today) <= RECENT_ANSWER_DAYS;
  return recent ? latest.term_to! : current;
}

/**
 * Who logged a shared saving, as the ledger says it after 'Shared': 'logged by Alice' ('by you' for
 * the reader's own); null for an own saving, or while the members are unknown.
 */
export function loggedBy(
  outcome: Pick<RenewalOutcome, 'shared' | 'recorded_by'>,
  members: readonly { membership_id: string; first_name: string; is_you?: boolean }[] | null,
): string | null {
  if (!outcome.shared || members === null || outcome.recorded_by === null) return null;
  const who = whoLogged(outcome, members);
  return `logged by ${who === 'You' ? 'you' : who}`;
}
