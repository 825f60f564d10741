import { useId, useMemo, useRef, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { toast } from 'sonner';
import { remindersCsv } from '#shared/csv.ts';
import {
  IMPORT_FORMATS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  importedMessage,
  rowStatuses,
} from '#shared/import.ts';
import { PAYMENT_FREQUENCIES, REPEATS_VALUES, type Repeats } from '#shared/reminder/terms.ts';
import type { ReminderInput } from '#shared/schemas/reminder.ts';
import { ApiRequestError } from '../../../api/client.ts';
import { useReminders } from '../../../api/get-reminders.ts';
import { useReturnFocus } from '../../../hooks/useReturnFocus.ts';
import { downloadFile } from '../../../utils/download.ts';
import { useImportReminders } from '../api/import-reminders.ts';
import { CancelButton } from '../../../components/CancelButton.tsx';
import '../../../components/Dialog.css';
import '../../../components/form/form.css';
import { ImportColumns } from './ImportColumns.tsx';
import { useImportFile } from '../hooks/use-import-file.ts';
import { ImportDropZone } from './ImportDropZone.tsx';
import { ImportRates } from './ImportRates.tsx';
import { PreviewRow } from './ImportPreview.tsx';
import './ImportDialog.css';

const TEMPLATE_NAME = 'renewal-reminders-template.csv';
const FAILED = 'Failed to import your reminders';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * 'Import reminders': choose a file (our CSV, a Wallos or a SubTrackr export), see each row checked
 * with the reminder dialog's rules, then import the valid ones in one request. Its state lives in
 * the dialog's content, so it starts afresh each time the dialog opens.
 */
export function ImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const importer = useImportReminders();
  const chooseRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        // Not while the import is on its way: its outcome is told here.
        if (!importer.isPending) onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content import-dialog"
          onOpenAutoFocus={(event) => {
            // Choosing the file is the first thing to do.
            event.preventDefault();
            chooseRef.current?.focus();
          }}
          onCloseAutoFocus={returnFocus}
        >
          <Dialog.Title className="dialog-title">Import reminders</Dialog.Title>
          <ImportForm
            chooseRef={chooseRef}
            importing={importer.isPending}
            onImport={async (reminders) => {
              try {
                const result = await importer.mutateAsync(reminders);
                toast.success(importedMessage(result));
                onOpenChange(false);
              } catch (error) {
                // The API's own words for what it refused (a row, an import already running).
                const description =
                  error instanceof ApiRequestError && error.status < 500 ? error.message : FAILED;
                toast.error('Error', { description });
              }
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type RowCounts = Record<'ready' | 'duplicate' | 'repeated' | 'error', number>;

/** What the file holds, in a line: its format, its rows, how many are ready, with errors, or known already. */
function importSummary(format: string, rows: number, counts: RowCounts): string {
  const duplicates = counts.duplicate > 0 ? `, ${counts.duplicate} already in your reminders` : '';
  const repeated = counts.repeated > 0 ? `, ${counts.repeated} repeated in the file` : '';
  return `${format}: ${plural(rows, 'row', 'rows')}, ${counts.ready} ready to import, ${counts.error} with errors${duplicates}${repeated}`;
}

/** How often the user pays, for every row whose file gives none. */
function BillingChoice({
  id,
  billing,
  onChange,
}: {
  id: string;
  billing: Repeats | '';
  onChange: (billing: Repeats | '') => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>How often you pay, for every row the file gives none</label>
      <select
        id={id}
        value={billing}
        onChange={(event) => onChange(REPEATS_VALUES.find((r) => r === event.target.value) ?? '')}
      >
        <option value="">Choose one</option>
        {PAYMENT_FREQUENCIES.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ImportForm({
  chooseRef,
  importing,
  onImport,
}: {
  chooseRef: RefObject<HTMLButtonElement | null>;
  importing: boolean;
  onImport: (reminders: ReminderInput[]) => Promise<void>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const chosen = useImportFile();
  const { file, reading } = chosen;
  // The reminders the user has, for the duplicate notes (the dashboard's own query).
  const reminders = useReminders();

  const rows = useMemo(() => (file?.ok ? file.rows : []), [file]);
  // As the server will decide: rows matching a reminder the user has, or an earlier row, are skipped.
  const statuses = useMemo(() => rowStatuses(rows, reminders.data ?? []), [rows, reminders.data]);
  const counts: RowCounts = { ready: 0, duplicate: 0, repeated: 0, error: 0 };
  for (const status of statuses) counts[status.kind] += 1;
  // Every valid row goes, duplicates too: the server skips them and says how many it did.
  const valid = rows.flatMap((row) => (row.reminder ? [row.reminder] : []));
  const billingUnknown = rows.some((row) => row.billing_unknown);
  const currencies = [
    ...new Set(rows.flatMap((row) => (row.foreign_currency ? [row.foreign_currency] : []))),
  ];

  const error = file && !file.ok ? file.error : null;
  const summary = file?.ok
    ? importSummary(IMPORT_FORMATS[file.format], rows.length, counts)
    : reading
      ? 'Reading the file...'
      : '';
  // Which rows are new is known only once the user's reminders are.
  const known = file?.ok === true && !reminders.isPending;
  const nothingNew = known && counts.ready === 0;

  return (
    <div className="import-form">
      <Dialog.Description className="muted import-intro">
        Choose a CSV file in the export&apos;s format, a Wallos export (.json or .csv) or a SubTrackr export
        (.csv), up to {IMPORT_MAX_ROWS} rows.
      </Dialog.Description>
      <div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => downloadFile(remindersCsv([]), TEMPLATE_NAME, 'text/csv;charset=utf-8')}
        >
          Download template
        </button>
      </div>
      <ImportDropZone
        id={id}
        chooseRef={chooseRef}
        disabled={importing}
        name={chosen.name}
        errorId={error ? errorId : null}
        onChoose={(picked) => void chosen.choose(picked)}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="import-summary" role="status">
        {summary}
      </p>
      {file?.mapping && <ImportColumns mapping={file.mapping} onChange={chosen.setColumns} />}
      {currencies.length > 0 && (
        <ImportRates
          currencies={currencies}
          convert={chosen.convert}
          rates={chosen.rates}
          onConvert={chosen.setConvert}
          onRate={chosen.setRate}
        />
      )}
      {billingUnknown && (
        <BillingChoice id={`${id}-billing`} billing={chosen.billing} onChange={chosen.setBilling} />
      )}
      {file?.ok && (
        <section className="import-preview" aria-label="Preview">
          <ol className="import-rows">
            {rows.map((row, i) => (
              <PreviewRow key={row.row} row={row} status={statuses[i]!} />
            ))}
          </ol>
        </section>
      )}
      {nothingNew && <p className="import-nothing">{IMPORT_MESSAGES.nothingNew}</p>}
      <div className="dialog-actions">
        <CancelButton disabled={importing}>{nothingNew ? 'Close' : 'Cancel'}</CancelButton>
        {!nothingNew && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!known || importing}
            onClick={() => void onImport(valid)}
          >
            {importing
              ? 'Importing...'
              : file?.ok
                ? `Import ${plural(counts.ready, 'reminder', 'reminders')}`
                : 'Import reminders'}
          </button>
        )}
      </div>
    </div>
  );
}
