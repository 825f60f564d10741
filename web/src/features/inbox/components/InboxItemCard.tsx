import type { Reminder } from '#shared/api.ts';
import { categoryLabel } from '#shared/reminder/categories.ts';
import { formatPounds, formatUkDate } from '#shared/dates.ts';
import type { InboxField, InboxFields } from '#shared/inbox/fields.ts';
import type { InboxItem } from '#shared/inbox/items.ts';
import { dateLabel } from '#shared/reminder/contract.ts';
import { amountWithPeriod } from '#shared/reminder/money.ts';
import { itemName, riseLine, sourceParts } from '../reading.ts';

/** What the user can do with an item; the list holds the dialogs. */
export interface ItemActions {
  onUpdate: (item: InboxItem, reminder: Reminder) => void;
  onAdd: (item: InboxItem) => void;
  onDismiss: (item: InboxItem) => void;
  dismissing: boolean;
}

/** The figures shown, each with the label its source line is listed under. */
const SOURCE_LABELS: Partial<Record<InboxField, string>> = {
  provider: 'Provider',
  category: 'Category',
  renewal_date: 'Date',
  amount: 'New price',
  repeats: 'Paid',
  previous_amount: "Last year's price",
};

/** Each source line, with the figure read from it marked where it appears as written. */
function Sources({ fields, open }: { fields: InboxFields; open: boolean }) {
  const lines = (Object.keys(SOURCE_LABELS) as InboxField[]).flatMap((field) => {
    const parts = sourceParts(field, fields);
    return parts ? [{ field, parts }] : [];
  });
  if (lines.length === 0) return null;
  return (
    <details className="inbox-sources" open={open}>
      <summary>Where we read this</summary>
      <dl>
        {lines.map(({ field, parts }) => (
          <div key={field} className="inbox-source">
            <dt>{SOURCE_LABELS[field]}</dt>
            <dd>
              {'line' in parts ? (
                parts.line
              ) : (
                <>
                  {parts.before}
                  <mark>{parts.figure}</mark>
                  {parts.after}
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** The figures read: the date under what it is, the new price as it is paid, last year's and the rise. */
function Figures({ fields }: { fields: InboxFields }) {
  const rise = riseLine(fields);
  return (
    <dl className="inbox-figures">
      {fields.renewal_date && (
        <div>
          <dt>{dateLabel(fields.date_kind ?? 'renewal')}</dt>
          <dd>{formatUkDate(fields.renewal_date)}</dd>
        </div>
      )}
      {fields.amount !== null && (
        <div>
          <dt>New price</dt>
          <dd>
            {fields.repeats ? amountWithPeriod(fields.amount, fields.repeats) : formatPounds(fields.amount)}
            {rise && <span className="inbox-rise">, {rise}</span>}
          </dd>
        </div>
      )}
      {fields.previous_amount !== null && (
        <div>
          <dt>Last year's price</dt>
          <dd>{formatPounds(fields.previous_amount)}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * One item of 'From your inbox': what was read and where, then 'Update {reminder}' when it matches
 * one of the user's reminders, else 'Add reminder'; an item where nothing could be used says why
 * and offers 'Add it yourself'. Each button's name says which item it is for.
 */
export function InboxItemCard({
  item,
  match,
  wide,
  actions,
}: {
  item: InboxItem;
  match: Reminder | null;
  wide: boolean;
  actions: ItemActions;
}) {
  const name = itemName(item);
  const { fields } = item;
  const heading = [
    fields.provider ?? item.subject ?? 'Pasted letter',
    fields.category && categoryLabel(fields.category),
  ]
    .filter(Boolean)
    .join(' · ');
  const forItem = <span className="visually-hidden"> {name} item</span>;
  const dismiss = (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      disabled={actions.dismissing}
      onClick={() => actions.onDismiss(item)}
    >
      Dismiss{forItem}
    </button>
  );

  if (item.status === 'processing')
    return (
      <li className="card inbox-item">
        <p className="inbox-item-title">{item.subject ?? 'A letter'}</p>
        <p className="inbox-reading" role="status">
          Reading…
        </p>
      </li>
    );

  return (
    <li className="card inbox-item">
      <h3 className="inbox-item-title">{heading}</h3>
      {item.status === 'ready' ? (
        <>
          <Figures fields={fields} />
          <Sources fields={fields} open={wide} />
        </>
      ) : (
        <p className="inbox-message">{item.message}</p>
      )}
      <div className="inbox-item-actions">
        {item.status !== 'ready' ? (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => actions.onAdd(item)}>
            Add it yourself{forItem}
          </button>
        ) : match ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => actions.onUpdate(item, match)}
          >
            Update {match.title}
          </button>
        ) : (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => actions.onAdd(item)}>
            Add reminder<span className="visually-hidden"> from {name} item</span>
          </button>
        )}
        {dismiss}
      </div>
    </li>
  );
}
