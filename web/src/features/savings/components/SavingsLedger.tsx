import { RENEWAL_RESULT_LABELS, type RenewalOutcome } from '#shared/api.ts';
import { formatUkDate } from '#shared/dates.ts';
import { savingShown } from '#shared/reminder/money.ts';
import { SHARED_BADGE } from '#shared/reminder/sharing.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { Badge } from '../../../components/Badge.tsx';
import { DataTable, type Column } from '../../../components/DataTable.tsx';
import { useMediaQuery } from '../../../hooks/useMediaQuery.ts';

const titleOf = (r: RenewalOutcome) => r.title || 'A deleted reminder';
/** The reminder's title, and 'Shared' for the household's records. */
const TitleCell = ({ record }: { record: RenewalOutcome }) => (
  <span className="ledger-title">
    {titleOf(record)}
    {record.shared && <Badge variant="secondary">{SHARED_BADGE}</Badge>}
  </span>
);
const renewalOf = (r: RenewalOutcome) => formatUkDate(r.term_to ?? r.created_at.slice(0, 10));
const savedOf = (r: RenewalOutcome) => (
  <AmountText text={r.saved_amount > 0 ? savingShown(r.saved_amount, r.billing) : '£0.00'} />
);

const LEDGER_COLUMNS: Column<RenewalOutcome>[] = [
  { header: 'Reminder', className: 'strong', cell: (r) => <TitleCell record={r} /> },
  { header: 'Renewal', className: 'nowrap', cell: renewalOf },
  { header: 'What happened', cell: (r) => RENEWAL_RESULT_LABELS[r.result] },
  { header: 'Saved', className: 'num', headerClassName: 'num', cell: savedOf },
];

/**
 * Every renewal's outcome, the latest first: a table from 768 px, and on a phone a card per renewal,
 * so what was saved is never a column off the screen's edge.
 */
export function SavingsLedger({ records }: { records: readonly RenewalOutcome[] }) {
  const wide = useMediaQuery('(min-width: 768px)');
  if (wide)
    return (
      <DataTable
        rows={records}
        rowKey={(r) => r.id}
        columns={LEDGER_COLUMNS}
        caption="Outcomes of your renewals"
      />
    );
  return (
    <ul className="ledger-cards" aria-label="Outcomes of your renewals">
      {records.map((r) => (
        <li key={r.id} className="ledger-card">
          <div className="ledger-card-head">
            <strong>
              <TitleCell record={r} />
            </strong>
            <span className="muted small nowrap">{renewalOf(r)}</span>
          </div>
          <div className="ledger-card-foot">
            <span>{RENEWAL_RESULT_LABELS[r.result]}</span>
            <span className="ledger-card-saved">{savedOf(r)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
