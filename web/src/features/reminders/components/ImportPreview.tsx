import { categoryLabel } from '#shared/reminder/categories.ts';
import { formatPounds } from '#shared/dates.ts';
import { IMPORT_MESSAGES, type ImportRow, type RowStatus } from '#shared/import.ts';
import { PAYMENT_FREQUENCIES, type Repeats } from '#shared/reminder/terms.ts';
import { dateLabel } from '#shared/reminder/contract.ts';

const billingLabel = (billing: Repeats) => PAYMENT_FREQUENCIES.find((r) => r.value === billing)!.label;

/** '£15.99 every month', '£420.00' for a one-off; a price in another currency says it is not pounds. */
function amountText(row: ImportRow): string {
  if (row.foreign_price) return IMPORT_MESSAGES.notInPounds(row.foreign_price);
  if (row.amount === null) return 'None';
  const pounds = formatPounds(row.amount);
  return row.billing && row.billing !== 'none'
    ? `${pounds} ${billingLabel(row.billing).toLowerCase()}`
    : pounds;
}

/** One row of the file as it will be saved: every field the reminder gets, then what to know. */
export function PreviewRow({ row, status }: { row: ImportRow; status: RowStatus }) {
  return (
    <li className="import-row">
      <p className="import-row-head">
        <span className="import-row-number">Row {row.row}</span>
        <span className="import-row-title">{row.title || <span className="muted">No title</span>}</span>
      </p>
      <dl className="import-row-fields">
        <div>
          <dt>Category</dt>
          <dd>{categoryLabel(row.category)}</dd>
        </div>
        <div>
          <dt>Provider</dt>
          <dd>{row.provider || <span className="muted">None</span>}</dd>
        </div>
        <div>
          <dt>{dateLabel(row.date_kind)}</dt>
          <dd>{row.renewal_date || <span className="muted">None</span>}</dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd>{amountText(row)}</dd>
        </div>
        <div>
          <dt>How often you pay</dt>
          <dd>{row.billing ? billingLabel(row.billing) : <span className="muted">Unknown</span>}</dd>
        </div>
        <div>
          <dt>Act by</dt>
          <dd>{row.act_by ?? <span className="muted">None</span>}</dd>
        </div>
      </dl>
      {row.warnings.length > 0 && (
        <ul className="import-row-warnings">
          {row.warnings.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {status.kind === 'ready' && <p className="import-row-status import-ready">Ready</p>}
      {status.kind === 'duplicate' && <p className="import-row-status muted">{IMPORT_MESSAGES.duplicate}</p>}
      {status.kind === 'repeated' && (
        <p className="import-row-status muted">{IMPORT_MESSAGES.repeated(status.of)}</p>
      )}
      {status.kind === 'error' && (
        <ul className="import-row-errors">
          {row.errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
