import { RENEWAL_RESULT_LABELS, type RenewalOutcome } from '#shared/api.ts';
import { formatUkDate } from '#shared/dates.ts';
import { savingShown } from '#shared/reminder/money.ts';
import type { HouseholdMember } from '#shared/household.ts';
import { SHARED_BADGE } from '#shared/reminder/sharing.ts';
import { AmountText } from '../../../components/AmountText.tsx';
import { isAnswer, loggedBy } from '#shared/reminder/termAnswer.ts';
import { Badge } from '../../../components/Badge.tsx';
import { DataTable, type Column } from '../../../components/DataTable.tsx';
import { useMediaQuery } from '../../../hooks/useMediaQuery.ts';

type Members = readonly HouseholdMember[] | null;

const titleOf = (r: RenewalOutcome) => r.title || 'A deleted reminder';
/** The reminder's title, and for the household's records 'Shared · logged by Alice'. */
const TitleCell = ({ record, members }: { record: RenewalOutcome; members: Members }) => {
  const by = loggedBy(record, members);
  return (
    <span className="ledger-title">
      {titleOf(record)}
      {record.shared && (
        <span className="ledger-shared">
          <Badge variant="secondary">{SHARED_BADGE}</Badge>
          {by && ` · ${by}`}
        </span>
      )}
    </span>
  );
};
const renewalOf = (r: RenewalOutcome) => formatUkDate(r.term_to ?? r.created_at.slice(0, 10));
const savedOf = (r: RenewalOutcome) => (
  <AmountText text={r.saved_amount > 0 ? savingShown(r.saved_amount, r.billing) : '£0.00'} />
);

const ledgerColumns = (members: Members): Column<RenewalOutcome>[] => [
  { header: 'Reminder', className: 'strong', cell: (r) => <TitleCell record={r} members={members} /> },
  { header: 'Renewal', className: 'nowrap', cell: renewalOf },
  { header: 'What happened', cell: (r) => RENEWAL_RESULT_LABELS[r.result] },
  { header: 'Saved', className: 'num', headerClassName: 'num', cell: savedOf },
];

/**
 * Every answer about a renewal, the latest first: a table from 768 px, and on a phone a card per
 * renewal, so what was saved is never a column off the screen's edge. A term rolled on with no answer
 * is no outcome and saved nothing: it is left out (its reminder's history keeps it).
 */
export function SavingsLedger({
  records: all,
  members = null,
}: {
  records: readonly RenewalOutcome[];
  members?: Members;
}) {
  const wide = useMediaQuery('(min-width: 768px)');
  const records = all.filter(isAnswer);
  if (wide)
    return (
      <DataTable
        rows={records}
        rowKey={(r) => r.id}
        columns={ledgerColumns(members)}
        caption="Outcomes of your renewals"
      />
    );
  return (
    <ul className="ledger-cards" aria-label="Outcomes of your renewals">
      {records.map((r) => (
        <li key={r.id} className="ledger-card">
          <div className="ledger-card-head">
            <strong>
              <TitleCell record={r} members={members} />
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
