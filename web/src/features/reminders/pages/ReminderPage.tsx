import { offerLine, termPrices } from '#shared/reminder/priceMemory.ts';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { RENEWAL_RESULT_LABELS, type NextMail, type Reminder, type RenewalOutcome } from '#shared/api.ts';
import type { HouseholdMember } from '#shared/household.ts';
import { categoryLabel } from '#shared/reminder/categories.ts';
import { dateLabel, leadDaysOf } from '#shared/reminder/contract.ts';
import { daysLeft, formatPounds, formatUkDate, todayIn } from '#shared/dates.ts';
import { amountShown, savingShown } from '#shared/reminder/money.ts';
import { lenderOf } from '#shared/reminder/lenders.ts';
import { leadDaysToText } from '#shared/schemas/reminder.ts';
import { snoozedUntilText } from '#shared/reminder/snooze.ts';
import { isAnswer } from '#shared/reminder/termAnswer.ts';
import { NOTICE_HISTORY_WORDS } from '#shared/reminder/noticeWatch.ts';
import { priceRiseLine, priceRiseText, projectedPrice } from '#shared/reminder/priceRise.ts';
import { PAYMENT_FREQUENCIES, RENEWAL_TERMS } from '#shared/reminder/terms.ts';
import { mayTakeBack } from '#shared/reminder/sharing.ts';
import { reminderMailKindOf } from '#shared/reminder/mails/index.ts';
import { ApiRequestError } from '../../../api/client.ts';
import { useReminder } from '../../../api/get-reminder.ts';
import { AppLayout } from '../../../components/AppLayout.tsx';
import { AmountText } from '../../../components/AmountText.tsx';
import { Badge } from '../../../components/Badge.tsx';
import { NewTabLink } from '../../../components/NewTabLink.tsx';
import { DataTable, type Column } from '../../../components/DataTable.tsx';
import { ErrorPanel, LoadingPanel } from '../../../components/Panels.tsx';
import { ROUTES, savingsPath } from '../../../config/routes.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { useHouseholdMembers } from '../../../api/get-household.ts';
import { ActionTimeline } from '../components/ActionTimeline.tsx';
import { DaysLeftBadge } from '../components/DaysLeftBadge.tsx';
import { QuoteNotebook } from '../components/QuoteNotebook.tsx';
import { RightsKit } from '../components/RightsKit.tsx';
import { byWhom, payFacts, SharedAuthors, SharedMark } from '../components/SharedMark.tsx';
import { ReminderDialog } from '../components/ReminderDialog.tsx';
import { LeaveSharedReminder } from '../components/LeaveSharedReminder.tsx';
import { NoticeSection } from '../components/NoticeSection.tsx';
import { SnoozeButton } from '../components/SnoozeButton.tsx';
import './ReminderPage.css';

const date = (iso: string | null) => (iso === null ? '-' : formatUkDate(iso));

/** '30 days before the act-by date', '1 day before the renewal date', 'on the deal's end'. */
function beforeWhat(mail: NextMail, kind: Reminder['date_kind']): string {
  const date =
    kind === 'deal_end' ? 'the deal’s end' : kind === 'next_payment' ? 'the payment' : 'the renewal date';
  const target = mail.counts_to === 'act_by' ? 'the act-by date' : date;
  return reminderMailKindOf(mail.type).nextMailText(mail, target);
}

/** A finished term's prices, one per line: 'Paid £498.10', 'Offered £612.34', 'Agreed £540.00' ('-' when not known). */
function TermPrices({ term }: { term: RenewalOutcome }) {
  const { paid, offered, agreed } = termPrices(term);
  return (
    <span className="term-prices">
      <span>Paid {paid}</span>
      {term.offer_price !== null && <span>Offered {offered}</span>}
      {term.new_price !== null && <span>Agreed {agreed}</span>}
    </span>
  );
}

/** The finished terms; a shared reminder's outcomes say who recorded them. */
const historyColumns = (members: readonly HouseholdMember[] | null): Column<RenewalOutcome>[] => [
  { header: 'From', className: 'nowrap', cell: (r) => date(r.term_from) },
  { header: 'To', className: 'nowrap', cell: (r) => date(r.term_to) },
  { header: 'Provider', cell: (r) => r.provider ?? '-' },
  // Price memory, term by term: what it cost, what the provider offered to renew, what was agreed.
  { header: 'Prices', className: 'nowrap', cell: (r) => <TermPrices term={r} /> },
  {
    header: 'What happened',
    // Whether the notice came, as the user told us, stays with its term.
    cell: (r) =>
      `${RENEWAL_RESULT_LABELS[r.result]}${byWhom(r.recorded_by, members, 'logged by')}` +
      (r.notice_answer ? `; ${NOTICE_HISTORY_WORDS[r.notice_answer]}` : ''),
  },
  {
    header: 'Saved',
    className: 'num nowrap',
    headerClassName: 'num',
    // A term rolled on with no answer saved nothing because nobody said: no £0.00 for it.
    cell: (r) =>
      !isAnswer(r) ? '-' : r.saved_amount > 0 ? savingShown(r.saved_amount, r.billing) : formatPounds(0),
  },
];

/**
 * /reminders/:reminderId: a reminder's details, its action window, its quotes, its rights and what
 * to say, its next e-mail and the history of its terms.
 */
export default function ReminderPage() {
  const { reminderId = '' } = useParams();
  const details = useReminder(reminderId);
  const { members, myMembershipId } = useHouseholdMembers();
  const [editing, setEditing] = useState(false);
  useDocumentTitle(details.data?.reminder.title);

  let body;
  if (details.isPending) {
    body = <LoadingPanel label="Loading reminder" />;
  } else if (details.isError) {
    const missing =
      details.error instanceof ApiRequestError &&
      (details.error.status === 404 || details.error.status === 400);
    body = missing ? (
      <section className="card">
        <h1 className="card-title">Reminder not found</h1>
        <p>The reminder you&apos;re looking for doesn&apos;t exist.</p>
        <Link to={ROUTES.dashboard.path} className="btn btn-outline">
          Back to Dashboard
        </Link>
      </section>
    ) : (
      <ErrorPanel message="Failed to load reminder details" onRetry={() => void details.refetch()} />
    );
  } else {
    const { reminder, next_mail: nextMail, history, snoozes, quotes } = details.data;
    body = (
      <>
        <ReminderDetails
          reminder={reminder}
          members={members}
          mayLeave={myMembershipId !== null && reminder.shared && !mayTakeBack(reminder, myMembershipId)}
          onEdit={() => setEditing(true)}
        />
        {reminder.archived_at === null && <NoticeSection reminder={reminder} members={members} />}
        {reminder.archived_at === null && <ActionTimeline reminder={reminder} />}
        {reminder.archived_at === null && <QuoteNotebook reminder={reminder} quotes={quotes} />}
        {reminder.archived_at === null && <RightsKit reminder={reminder} quotes={quotes} />}
        <section className="card" aria-labelledby="next-mail-heading">
          <h2 id="next-mail-heading" className="card-title">
            Next e-mail
          </h2>
          {nextMail ? (
            <>
              <p>
                <strong>{formatUkDate(nextMail.date)}</strong> · {beforeWhat(nextMail, reminder.date_kind)}
              </p>
              {reminder.archived_at === null && (
                <SnoozeButton reminderId={reminder.id} title={reminder.title} />
              )}
            </>
          ) : (
            <p className="muted">
              {reminder.archived_at ? 'None: you cancelled this one.' : 'No e-mails left for this renewal.'}
            </p>
          )}
        </section>
        <section className="card" aria-labelledby="history-heading">
          <h2 id="history-heading" className="card-title">
            History
          </h2>
          {snoozes.length > 0 && (
            <ul className="reminder-snoozes">
              {snoozes.map((s) => (
                <li key={s.on}>
                  {snoozedUntilText(s.until)}
                  {byWhom(s.by, members)}
                </li>
              ))}
            </ul>
          )}
          {history.length === 0 ? (
            <p className="muted">No finished terms yet.</p>
          ) : (
            <DataTable
              rows={history}
              rowKey={(r) => r.id}
              columns={historyColumns(members)}
              caption="Finished terms"
            />
          )}
        </section>
        <ReminderDialog open={editing} reminder={reminder} onOpenChange={setEditing} />
      </>
    );
  }

  return (
    <AppLayout narrow>
      <div className="reminder-page" aria-busy={details.isPending}>
        {body}
        <Link to={ROUTES.dashboard.path} className="btn btn-ghost reminder-page-back">
          Back to Dashboard
        </Link>
      </div>
    </AppLayout>
  );
}

/** Where an index rise's figure comes from: the ONS release, linked. */
function RiseFigure({ reminder }: { reminder: Reminder }) {
  const rate = projectedPrice(reminder, todayIn())?.rate;
  if (!rate) return null;
  return (
    <p className="muted reminder-rise-source">
      {`April's rise counted at ${rate.percent}%, from `}
      <NewTabLink href={rate.source.url}>{rate.source.name}</NewTabLink>
    </p>
  );
}

function ReminderDetails({
  reminder,
  members,
  mayLeave,
  onEdit,
}: {
  reminder: Reminder;
  members: readonly HouseholdMember[] | null;
  /** A shared reminder the caller did not share: they may leave it (its sharer takes it back). */
  mayLeave: boolean;
  onEdit: () => void;
}) {
  const archived = reminder.archived_at !== null;
  const renewed = daysLeft(reminder.renewal_date) <= 0;
  const facts: [string, string][] = [
    ['Category', categoryLabel(reminder.category)],
    ['Provider', reminder.provider],
    ...(reminder.category === 'mortgage' && reminder.lender
      ? ([['Lender', lenderOf(reminder.lender).label]] as [string, string][])
      : []),
    ...(reminder.kept_vehicle
      ? ([
          [
            'Registration number',
            `${reminder.kept_vehicle.registration}, kept to update the date from the DVLA after each ${reminder.kept_vehicle.follows === 'mot' ? 'MOT' : 'tax renewal'}`,
          ],
        ] as [string, string][])
      : []),
    [dateLabel(reminder.date_kind), formatUkDate(reminder.renewal_date)],
    ...(reminder.date_kind === 'renewal'
      ? ([['Renews every', RENEWAL_TERMS.find((t) => t.value === reminder.repeats)?.label ?? '']] as [
          string,
          string,
        ][])
      : []),
    ['Amount', amountShown(reminder.amount, reminder.billing)],
    ...(offerLine(reminder) ? ([['Renewal offer', offerLine(reminder)!]] as [string, string][]) : []),
    // April's rise, as the price from then when it can be said, else as the contract states it.
    ...(reminder.price_rise
      ? ([
          ['Price rises in April', priceRiseLine(reminder, todayIn()) ?? priceRiseText(reminder.price_rise)],
        ] as [string, string][])
      : []),
    [
      'How often you pay',
      PAYMENT_FREQUENCIES.find((r) => r.value === reminder.billing)?.label ?? reminder.billing,
    ],
    ...payFacts(reminder, members),
    ['Renews automatically', reminder.auto_renew ? 'Yes' : 'No'],
    ...(reminder.act_by ? ([['Act by', formatUkDate(reminder.act_by)]] as [string, string][]) : []),
    ['Remind me (days before)', leadDaysToText(leadDaysOf(reminder))],
    ...(reminder.last_term_amount !== null
      ? ([['Last term', formatPounds(reminder.last_term_amount)]] as [string, string][])
      : []),
  ];
  return (
    <section className="card" aria-labelledby="reminder-title">
      <div className="reminder-page-head">
        <h1 id="reminder-title" className="card-title">
          {reminder.title}
        </h1>
        {archived ? (
          <Badge variant="outline">Cancelled</Badge>
        ) : (
          <DaysLeftBadge renewalDate={reminder.renewal_date} />
        )}
      </div>
      <SharedMark reminder={reminder} members={members} />
      <SharedAuthors reminder={reminder} members={members} />
      <dl className="reminder-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>
              <AmountText text={value} />
            </dd>
          </div>
        ))}
      </dl>
      <RiseFigure reminder={reminder} />
      {reminder.notes && <p className="reminder-notes">{reminder.notes}</p>}
      {!archived && (
        <div className="reminder-page-actions">
          <button type="button" className="btn btn-outline" onClick={onEdit}>
            Edit
          </button>
          {renewed && (
            <Link to={savingsPath(reminder.id, reminder.renewal_date)} className="btn btn-primary">
              How did you do?
            </Link>
          )}
          {mayLeave && <LeaveSharedReminder reminder={reminder} />}
        </div>
      )}
    </section>
  );
}
