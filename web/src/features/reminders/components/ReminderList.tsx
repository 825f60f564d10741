import { offerLine } from '#shared/reminder/priceMemory.ts';
import { Link, useNavigate } from 'react-router';
import type { Reminder } from '#shared/api.ts';
import { DEAL_END_QUESTION } from '#shared/reminder/contract.ts';
import type { HouseholdMember } from '#shared/household.ts';
import { categoryLabel } from '#shared/reminder/categories.ts';
import { daysLeft, formatPounds, formatUkDate, todayIn } from '#shared/dates.ts';
import { DATE_PASSED_QUESTION, isLongPast } from '#shared/reminder/agenda.ts';
import { amountWithPeriod, yearlyAmount } from '#shared/reminder/money.ts';
import { noticeQuestionDue } from '#shared/reminder/noticeWatch.ts';
import { priceRiseLine } from '#shared/reminder/priceRise.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { Badge } from '../../../components/Badge.tsx';
import { DataTable, type Column } from '../../../components/DataTable.tsx';
import { reminderPath, savingsPath } from '../../../config/routes.ts';
import { PencilIcon, TrashIcon } from '../../../components/Icons.tsx';
import { DaysLeftBadge } from './DaysLeftBadge.tsx';
import { NOTICE_SECTION_ID, NoticeQuestion } from './NoticeQuestion.tsx';
import { SharedMark } from './SharedMark.tsx';

interface ListProps {
  reminders: Reminder[];
  onEdit: (reminder: Reminder) => void;
  onDelete: (reminder: Reminder) => void;
  /** 'Needs your answer': each asks its question ('How did it go?', the notice watchdog's). */
  needsAnswer?: boolean;
  /** The household's members, who shared reminders name (null outside a household). */
  members: readonly HouseholdMember[] | null;
}

/** The amount with its period, and under it what it comes to in a year when the term is not a year. */
function Amount({ reminder: r }: { reminder: Reminder }) {
  if (r.amount === null) return <>-</>;
  const yearly = r.billing === 'yearly' ? null : yearlyAmount(r.amount, r.billing);
  return (
    <>
      <AmountText text={amountWithPeriod(r.amount, r.billing)} />
      {yearly !== null && <span className="amount-yearly nowrap">{formatPounds(yearly)}/yr</span>}
    </>
  );
}

/** 'Act by 15/03/2027' under the title, with the days left to act: the deadline the mails count to. */
function ActBy({ reminder }: { reminder: Reminder }) {
  if (!reminder.act_by) return null;
  const days = daysLeft(reminder.act_by);
  const text =
    days < 0
      ? 'Act-by date passed'
      : days === 0
        ? 'Act today'
        : `${days} ${days === 1 ? 'day' : 'days'} to act`;
  return (
    <p className="act-by">
      <span>Act by {formatUkDate(reminder.act_by)}</span>{' '}
      <Badge variant={days <= 7 ? 'destructive' : 'secondary'}>{text}</Badge>
    </p>
  );
}

/** The renewal offer and its rise, when one is noted for this renewal: 'Renewal offer £612.34/yr, up 23% on …'. */
function Offer({ reminder }: { reminder: Reminder }) {
  const line = offerLine(reminder);
  return line ? <p className="reminder-offer">{line}</p> : null;
}

/** April's price rise, when its contract states one: 'From April: £31.49 a month (CPI + 3.9%)'. */
function Rise({ reminder }: { reminder: Reminder }) {
  const line = priceRiseLine(reminder, todayIn());
  return line ? <p className="reminder-offer">{line}</p> : null;
}

/**
 * The question a reminder needs answered: when its deal ends (one saved before the date's kind was
 * asked, which opens the dialog on that question), else the outcome, once a renewal has come and
 * gone with no answer yet.
 */
function HowDidItGo({ reminder, onEdit }: { reminder: Reminder; onEdit: ListProps['onEdit'] }) {
  if (isLongPast(reminder, todayIn()))
    return (
      <button type="button" className="btn btn-primary btn-sm how-did-it-go" onClick={() => onEdit(reminder)}>
        {DATE_PASSED_QUESTION}
        <span className="visually-hidden"> ({reminder.title})</span>
      </button>
    );
  if (reminder.ask_deal_end && daysLeft(reminder.renewal_date) > 0)
    return (
      <button type="button" className="btn btn-primary btn-sm how-did-it-go" onClick={() => onEdit(reminder)}>
        {DEAL_END_QUESTION}
        <span className="visually-hidden"> ({reminder.title})</span>
      </button>
    );
  return (
    <Link
      to={savingsPath(reminder.id, reminder.renewal_date)}
      className="btn btn-primary btn-sm how-did-it-go"
    >
      How did it go?
      <span className="visually-hidden"> ({reminder.title})</span>
    </Link>
  );
}

/**
 * What a reminder under 'Needs your answer' asks: its renewal's question (when the renewal has come,
 * or it must say when its deal ends), and the notice watchdog's once the provider's notice was due.
 * A 'No' opens the reminder's page at its notice card, which says what to do.
 */
function Answers({ reminder, onEdit }: { reminder: Reminder; onEdit: ListProps['onEdit'] }) {
  const navigate = useNavigate();
  const today = todayIn();
  return (
    <>
      {(reminder.renewal_date <= today || reminder.ask_deal_end) && (
        <HowDidItGo reminder={reminder} onEdit={onEdit} />
      )}
      {noticeQuestionDue(reminder, today) && (
        <NoticeQuestion
          reminder={reminder}
          small
          onNo={() => void navigate(`${reminderPath(reminder.id)}#${NOTICE_SECTION_ID}`)}
        />
      )}
    </>
  );
}

function RowActions({
  reminder,
  onEdit,
  onDelete,
}: { reminder: Reminder } & Pick<ListProps, 'onEdit' | 'onDelete'>) {
  const actions = [
    { verb: 'Edit', icon: <PencilIcon />, className: 'btn btn-icon btn-ghost', run: onEdit },
    {
      verb: 'Delete',
      icon: <TrashIcon />,
      className: 'btn btn-icon btn-ghost btn-danger-ghost',
      run: onDelete,
    },
  ];
  return (
    <div className="row-actions">
      {actions.map((a) => (
        <button
          key={a.verb}
          type="button"
          className={a.className}
          aria-label={`${a.verb} ${reminder.title}`}
          title={a.verb}
          onClick={() => a.run(reminder)}
        >
          {a.icon}
        </button>
      ))}
    </div>
  );
}

/** The reminder's title, linking to its page (details, next e-mail, history). */
function ReminderLink({ reminder }: { reminder: Reminder }) {
  return (
    <Link to={reminderPath(reminder.id)} className="reminder-link">
      {reminder.title}
    </Link>
  );
}

/** Medium screens and up. */
export function ReminderTable({ reminders, onEdit, onDelete, needsAnswer, members }: ListProps) {
  const columns: Column<Reminder>[] = [
    {
      header: 'Title',
      className: 'strong',
      cell: (r) => (
        <>
          <ReminderLink reminder={r} />
          <SharedMark reminder={r} members={members} />
          <ActBy reminder={r} />
          <Offer reminder={r} />
          <Rise reminder={r} />
          {needsAnswer && <Answers reminder={r} onEdit={onEdit} />}
        </>
      ),
    },
    { header: 'Category', cell: (r) => categoryLabel(r.category) },
    { header: 'Provider', cell: (r) => r.provider },
    { header: 'Renewal Date', className: 'nowrap', cell: (r) => formatUkDate(r.renewal_date) },
    {
      header: 'Days Left',
      cell: (r) => <DaysLeftBadge renewalDate={r.renewal_date} longPast={isLongPast(r, todayIn())} />,
    },
    { header: 'Amount', className: 'num', headerClassName: 'num', cell: (r) => <Amount reminder={r} /> },
    {
      header: 'Actions',
      className: 'actions-col',
      headerClassName: 'actions-col',
      cell: (r) => <RowActions reminder={r} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
  return <DataTable rows={reminders} rowKey={(r) => r.id} columns={columns} className="reminder-table" />;
}

/** Small screens: one card per reminder. */
export function ReminderCards({ reminders, onEdit, onDelete, needsAnswer, members }: ListProps) {
  return (
    <ul className="reminder-cards">
      {reminders.map((r) => (
        <li key={r.id} className="card reminder-card">
          <div className="reminder-card-head">
            <div>
              <h3>
                <ReminderLink reminder={r} />
              </h3>
              <p className="muted small">
                {categoryLabel(r.category)} · {r.provider}
              </p>
              <SharedMark reminder={r} members={members} />
              <ActBy reminder={r} />
              <Offer reminder={r} />
              <Rise reminder={r} />
            </div>
            <DaysLeftBadge renewalDate={r.renewal_date} longPast={isLongPast(r, todayIn())} />
          </div>
          <div className="reminder-card-foot">
            <dl className="reminder-card-facts">
              <div>
                <dt>Renewal Date</dt>
                <dd>{formatUkDate(r.renewal_date)}</dd>
              </div>
              <div>
                <dt>Amount</dt>
                <dd>
                  <Amount reminder={r} />
                </dd>
              </div>
            </dl>
            <RowActions reminder={r} onEdit={onEdit} onDelete={onDelete} />
          </div>
          {needsAnswer && <Answers reminder={r} onEdit={onEdit} />}
          {r.notes && <p className="reminder-notes">{r.notes}</p>}
        </li>
      ))}
    </ul>
  );
}
