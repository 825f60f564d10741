import { useEffect, useRef, useState } from 'react';
import type { Reminder } from '#shared/api.ts';
import { todayIn } from '#shared/dates.ts';
import type { HouseholdMember } from '#shared/household.ts';
import {
  currentNoticeAnswer,
  noticeAnswerLine,
  noticeProvider,
  noticeQuestionDue,
} from '#shared/reminder/noticeWatch.ts';
import { complaintRouteOf, providerStep, schemeStep } from '#shared/rights/complaints.ts';
import { memberName } from '#shared/reminder/sharing.ts';
import { NewTabLink, SourceLine } from '../../../components/NewTabLink.tsx';
import { NOTICE_SECTION_ID, NoticeQuestion } from './NoticeQuestion.tsx';

/**
 * What to do when the notice never came: the provider's own complaint first, then the scheme its
 * regulator names, each linked at its official address (shared/rights/complaints.ts).
 */
export function ComplaintRoutes({ reminder }: { reminder: Reminder }) {
  const route = complaintRouteOf(reminder.category);
  if (!route) return null;
  return (
    <>
      <h3>What you can do</h3>
      <ol className="notice-routes">
        <li>{providerStep(noticeProvider(reminder), route)}</li>
        <li>
          {schemeStep(route)}
          <ul>
            {route.schemes.map((scheme) => (
              <li key={scheme.url}>
                <NewTabLink href={scheme.url}>{scheme.name.replace(/^the /, 'The ')}</NewTabLink>
              </li>
            ))}
          </ul>
        </li>
      </ol>
      <SourceLine className="notice-source" source={route.source} reviewed={route.reviewed} />
    </>
  );
}

/**
 * The reminder page's 'Your end-of-contract notice': the question once the notice was due, and
 * after an answer what was told ('You told us BT didn’t send the notice', 'Sam told us …' in a household)
 * and, for a 'No', what to do; 'Change your answer' asks again. Nothing before the notice is due.
 */
export function NoticeSection({
  reminder,
  members,
}: {
  reminder: Reminder;
  members: readonly HouseholdMember[] | null;
}) {
  const [changing, setChanging] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const answer = currentNoticeAnswer(reminder);
  const asking = answer === null ? noticeQuestionDue(reminder, todayIn()) : changing;
  const shown = answer !== null || asking;
  // Opened from the dashboard's 'No' (…#end-of-contract-notice): the card, once it is there, is
  // where the page starts, and where focus is.
  useEffect(() => {
    if (!shown || window.location.hash !== `#${NOTICE_SECTION_ID}`) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <section className="card notice-section" id={NOTICE_SECTION_ID} aria-labelledby="notice-heading">
      <h2 id="notice-heading" className="card-title" ref={heading} tabIndex={-1}>
        Your end-of-contract notice
      </h2>
      {asking ? (
        <NoticeQuestion reminder={reminder} onAnswered={() => setChanging(false)} />
      ) : (
        <>
          <p>
            <strong>
              {noticeAnswerLine(
                reminder,
                answer!.answer,
                (members && memberName(answer!.answered_by, members)) ?? 'You',
              )}
            </strong>
          </p>
          {answer!.answer === 'no' && <ComplaintRoutes reminder={reminder} />}
          <button type="button" className="btn btn-outline" onClick={() => setChanging(true)}>
            Change your answer
          </button>
        </>
      )}
    </section>
  );
}
