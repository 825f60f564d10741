import { Link } from 'react-router';
import type { HouseholdMember } from '#shared/household.ts';
import { formatUkDate } from '#shared/dates.ts';
import { reminderPath } from '#shared/pages.ts';
import { loggedLine, movedOnLine, whoLogged, type TermState } from '#shared/reminder/termAnswer.ts';

/**
 * A term that takes no answer here: who logged it ('Sam logged this on 03/12/2026: switched, £64.20
 * saved', the day in the reader's zone), or that it rolled on unanswered. The reader's own answer for
 * the current term may still be changed (`onChange`); anyone else's, or a term that is over, may not.
 * Shown for an earlier term, it offers the current one (`onAskCurrent`): a switch made early is told there.
 */
export function TermAnswered({
  state,
  currentRenewal,
  reminderId,
  members,
  zone,
  onChange,
  onAskCurrent,
}: {
  state: Exclude<TermState, { kind: 'open' }>;
  currentRenewal: string;
  reminderId: string;
  members: readonly HouseholdMember[] | null;
  zone: string;
  onChange: () => void;
  /** Asks about the current term instead; null when the term shown is the current one. */
  onAskCurrent: (() => void) | null;
}) {
  const line =
    state.kind === 'over'
      ? movedOnLine(currentRenewal)
      : loggedLine(state.existing, whoLogged(state.existing, members ?? []), zone);
  return (
    <>
      <p className="savings-recorded" role="status">
        {line}
      </p>
      <div className="savings-actions">
        {state.kind === 'replace' ? (
          <button type="button" className="btn btn-outline" onClick={onChange}>
            Change your answer
          </button>
        ) : (
          <Link to={reminderPath(reminderId)} className="btn btn-outline">
            Open the reminder
          </Link>
        )}
        {onAskCurrent && (
          <button type="button" className="btn btn-outline" onClick={onAskCurrent}>
            Tell us about the renewal on {formatUkDate(currentRenewal)}
          </button>
        )}
      </div>
    </>
  );
}
