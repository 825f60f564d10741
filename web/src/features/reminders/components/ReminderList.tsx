import { Link } from 'react-router';
import type { Reminder } from '#shared/api.ts';
import { categoryLabel } from '#shared/categories.ts';
import { formatPounds, formatUkDate } from '#shared/dates.ts';
import { DataTable, type Column } from '../../../components/DataTable.tsx';
import { reminderPath } from '../../../config/routes.ts';
import { PencilIcon, TrashIcon } from '../../../components/Icons.tsx';
import { DaysLeftBadge } from './DaysLeftBadge.tsx';

interface ListProps {
  reminders: Reminder[];
  onEdit: (reminder: Reminder) => void;
  onDelete: (reminder: Reminder) => void;
}

const amount = (r: Reminder) => (r.amount === null ? '-' : formatPounds(r.amount));

function RowActions({ reminder, onEdit, onDelete }: { reminder: Reminder } & Omit<ListProps, 'reminders'>) {
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
export function ReminderTable({ reminders, onEdit, onDelete }: ListProps) {
  const columns: Column<Reminder>[] = [
    { header: 'Title', className: 'strong', cell: (r) => <ReminderLink reminder={r} /> },
    { header: 'Category', cell: (r) => categoryLabel(r.category) },
    { header: 'Provider', cell: (r) => r.provider },
    { header: 'Renewal Date', className: 'nowrap', cell: (r) => formatUkDate(r.renewal_date) },
    { header: 'Days Left', cell: (r) => <DaysLeftBadge renewalDate={r.renewal_date} /> },
    { header: 'Amount', className: 'num nowrap', headerClassName: 'num', cell: amount },
    {
      header: 'Actions',
      className: 'actions-col',
      headerClassName: 'actions-col',
      cell: (r) => <RowActions reminder={r} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
  return <DataTable rows={reminders} rowKey={(r) => r.id} columns={columns} />;
}

/** Small screens: one card per reminder. */
export function ReminderCards({ reminders, onEdit, onDelete }: ListProps) {
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
            </div>
            <DaysLeftBadge renewalDate={r.renewal_date} />
          </div>
          <div className="reminder-card-foot">
            <dl className="reminder-card-facts">
              <div>
                <dt>Renewal Date</dt>
                <dd>{formatUkDate(r.renewal_date)}</dd>
              </div>
              <div>
                <dt>Amount</dt>
                <dd>{amount(r)}</dd>
              </div>
            </dl>
            <RowActions reminder={r} onEdit={onEdit} onDelete={onDelete} />
          </div>
          {r.notes && <p className="reminder-notes">{r.notes}</p>}
        </li>
      ))}
    </ul>
  );
}
