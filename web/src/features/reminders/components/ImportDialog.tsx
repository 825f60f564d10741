import { useId, useMemo, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { toast } from 'sonner';
import { DateTime } from 'luxon';
import { remindersCsv } from '#shared/csv.ts';
import { formatUkDate } from '#shared/dates.ts';
import {
  IMPORT_FORMATS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  importedMessage,
  readImportFile,
  rowStatuses,
  type ImportFile,
  type ImportRow,
  type RowStatus,
} from '#shared/import.ts';
import type { ReminderInput } from '#shared/schemas.ts';
import { ApiRequestError } from '../../../api/client.ts';
import { useReminders } from '../../../api/get-reminders.ts';
import { downloadFile } from '../../../utils/download.ts';
import { useImportReminders } from '../api/import-reminders.ts';
import '../../../components/Dialog.css';
import '../../../components/form/form.css';
import './ImportDialog.css';

const TEMPLATE_NAME = 'renewal-reminders-template.csv';
const ACCEPT = '.csv,.json,text/csv,application/json';
const FAILED = 'Failed to import your reminders';
/** Shown when the browser cannot read the chosen file at all (moved, deleted, no permission). */
const UNREADABLE = 'The file could not be read. Choose it again';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A row's renewal date as the app shows dates (dd/MM/yyyy), or as the file has it when it is not one. */
function previewDate(text: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text).isValid ? formatUkDate(text) : text;
}

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
  const inputRef = useRef<HTMLInputElement>(null);
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
            inputRef.current?.focus();
          }}
        >
          <Dialog.Title className="dialog-title">Import reminders</Dialog.Title>
          <ImportForm
            inputRef={inputRef}
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

function ImportForm({
  inputRef,
  importing,
  onImport,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  importing: boolean;
  onImport: (reminders: ReminderInput[]) => Promise<void>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [file, setFile] = useState<ImportFile | null>(null);
  const [reading, setReading] = useState(false);
  // The latest choice: a slower read of an earlier file must not overwrite it.
  const choice = useRef(0);
  // The reminders the user has, for the duplicate notes (the dashboard's own query).
  const reminders = useReminders();

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    const current = ++choice.current;
    setFile(null);
    if (!chosen) {
      setReading(false);
      return;
    }
    setReading(true);
    let read: ImportFile;
    try {
      // Never more than the limit and a byte: that is enough to refuse a file that is too large.
      const bytes = new Uint8Array(await chosen.slice(0, IMPORT_MAX_BYTES + 1).arrayBuffer());
      read = readImportFile(chosen.name, bytes);
    } catch {
      read = { ok: false, error: UNREADABLE };
    }
    if (current !== choice.current) return;
    setReading(false);
    setFile(read);
  };

  const rows = useMemo(() => (file?.ok ? file.rows : []), [file]);
  // As the server will decide: rows matching a reminder the user has, or an earlier row, are skipped.
  const statuses = useMemo(() => rowStatuses(rows, reminders.data ?? []), [rows, reminders.data]);
  const counts = { ready: 0, duplicate: 0, repeated: 0, error: 0 };
  for (const status of statuses) counts[status.kind] += 1;
  // Every valid row goes, duplicates too: the server skips them and says how many it did.
  const valid = rows.flatMap((row) => (row.reminder ? [row.reminder] : []));

  const error = file && !file.ok ? file.error : null;
  const summary = file?.ok
    ? `${IMPORT_FORMATS[file.format]}: ${plural(rows.length, 'row', 'rows')}, ${counts.ready} ready to import, ${
        counts.error
      } with errors${counts.duplicate > 0 ? `, ${counts.duplicate} already in your reminders` : ''}${
        counts.repeated > 0 ? `, ${counts.repeated} repeated in the file` : ''
      }`
    : reading
      ? 'Reading the file...'
      : '';
  // Which rows are new is known only once the user's reminders are.
  const canImport = file?.ok === true && counts.ready > 0 && !importing && !reminders.isPending;

  return (
    <div className="import-form">
      <Dialog.Description className="muted import-intro">
        Choose a CSV file in the export&apos;s format, a Wallos export (.json) or a SubTrackr export (.csv),
        up to {IMPORT_MAX_ROWS} rows.
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
      <div className="field">
        <label htmlFor={id}>File</label>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={ACCEPT}
          disabled={importing}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => void onChange(event)}
        />
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <p className="import-summary" role="status">
        {summary}
      </p>
      {file?.ok && (
        <div className="import-preview" role="region" aria-label="Preview" tabIndex={0}>
          <ol className="import-rows">
            {rows.map((row, i) => (
              <PreviewRow key={row.row} row={row} status={statuses[i]!} />
            ))}
          </ol>
        </div>
      )}
      <div className="dialog-actions">
        <Dialog.Close asChild>
          <button type="button" className="btn btn-outline" disabled={importing}>
            Cancel
          </button>
        </Dialog.Close>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!canImport}
          onClick={() => void onImport(valid)}
        >
          {importing
            ? 'Importing...'
            : file?.ok
              ? `Import ${plural(counts.ready, 'reminder', 'reminders')}`
              : 'Import reminders'}
        </button>
      </div>
    </div>
  );
}

function PreviewRow({ row, status }: { row: ImportRow; status: RowStatus }) {
  return (
    <li className="import-row">
      <p className="import-row-head">
        <span className="import-row-number">Row {row.row}</span>
        <span className="import-row-title">{row.title || <span className="muted">No title</span>}</span>
        <span className="import-row-date">
          {row.renewal_date ? previewDate(row.renewal_date) : <span className="muted">No renewal date</span>}
        </span>
      </p>
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
