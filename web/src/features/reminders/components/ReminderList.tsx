import type { Reminder } from '#shared/api.ts';
import { categoryLabel } from '#shared/categories.ts';
import { formatPounds, formatUkDate } from '#shared/dates.ts';
import { PencilIcon, TrashIcon } from '../../components/Icons.tsx';
import { DaysLeftBadge } from './DaysLeftBadge.tsx';

interface ListProps {
  reminders: Reminder[];
  onEdit: (reminder: Reminder) => void;
  onDelete: (reminder: Reminder) => void;
}

function RowActions({ reminder, onEdit, onDelete }: { reminder: Reminder } & Omit<ListProps, 'reminders'>) {
  return (
    <div className="row-actions">
      <button
        type="button"
        className="btn btn-icon btn-ghost"
        aria-label={`Edit ${reminder.title}`}
        title="Edit"
        onClick={() => onEdit(reminder)}
      >
        <PencilIcon />
      </button>
      <button
        type="button"
        className="btn btn-icon btn-ghost btn-danger-ghost"
        aria-label={`Delete ${reminder.title}`}
        title="Delete"
        onClick={() => onDelete(reminder)}
      >
        <TrashIcon />
      </button>
    </div>
  );
}

/** Medium screens and up. */
export function ReminderTable({ reminders, onEdit, onDelete }: ListProps) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Category</th>
            <th scope="col">Provider</th>
            <th scope="col">Renewal Date</th>
            <th scope="col">Days Left</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col" className="actions-col">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {reminders.map((r) => (
            <tr key={r.id}>
              <td className="strong">{r.title}</td>
              <td>{categoryLabel(r.category)}</td>
              <td>{r.provider}</td>
              <td className="nowrap">{formatUkDate(r.renewal_date)}</td>
              <td>
                <DaysLeftBadge renewalDate={r.renewal_date} />
              </td>
              <td className="num nowrap">{r.amount === null ? '-' : formatPounds(r.amount)}</td>
              <td className="actions-col">
                <RowActions reminder={r} onEdit={onEdit} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Small screens: one card per reminder. */
export function ReminderCards({ reminders, onEdit, onDelete }: ListProps) {
  return (
    <ul className="reminder-cards">
      {reminders.map((r) => (
        <li key={r.id} className="card reminder-card">
          <div className="reminder-card-head">
            <div>
              <h3>{r.title}</h3>
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
                <dd>{r.amount === null ? '-' : formatPounds(r.amount)}</dd>
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
