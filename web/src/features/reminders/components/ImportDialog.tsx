import { useId, useMemo, useRef, useState, type DragEvent, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { toast } from 'sonner';
import { remindersCsv } from '#shared/csv.ts';
import {
  IMPORT_FORMATS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  importedMessage,
  readImportFile,
  rowStatuses,
  type ColumnMapping,
  type ImportFile,
} from '#shared/import.ts';
import { REPEATS, REPEATS_VALUES, type Repeats } from '#shared/reminder/terms.ts';
import type { ReminderInput } from '#shared/schemas.ts';
import { ApiRequestError } from '../../../api/client.ts';
import { useReminders } from '../../../api/get-reminders.ts';
import { downloadFile } from '../../../utils/download.ts';
import { useImportReminders } from '../api/import-reminders.ts';
import '../../../components/Dialog.css';
import '../../../components/form/form.css';
import { ImportColumns } from './ImportColumns.tsx';
import { ImportRates, validRates } from './ImportRates.tsx';
import { PreviewRow } from './ImportPreview.tsx';
import './ImportDialog.css';

const TEMPLATE_NAME = 'renewal-reminders-template.csv';
const ACCEPT = '.csv,.json,text/csv,application/json';
const FAILED = 'Failed to import your reminders';
/** Shown when the browser cannot read the chosen file at all (moved, deleted, no permission). */
const UNREADABLE = 'The file could not be read. Choose it again';

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

/** The file as chosen: its bytes are read again when a choice the preview asks for changes. */
type Chosen = { name: string; bytes: Uint8Array } | { error: string };

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
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  // The term for rows whose file names none (Wallos before 2.41), chosen once for all of them.
  const [repeats, setRepeats] = useState<Repeats | ''>('');
  // A spreadsheet's own headings: the columns chosen in the preview (null: the import's guess).
  const [columns, setColumns] = useState<ColumnMapping | null>(null);
  // 'Convert other currencies': off until the user turns it on and types a rate.
  const [convert, setConvert] = useState(false);
  const [rates, setRates] = useState<Record<string, string>>({});
  // The latest choice: a slower read of an earlier file must not overwrite it.
  const choice = useRef(0);
  // The reminders the user has, for the duplicate notes (the dashboard's own query).
  const reminders = useReminders();

  const choose = async (picked: File | undefined) => {
    const current = ++choice.current;
    setChosen(null);
    setRepeats('');
    setColumns(null);
    setConvert(false);
    setRates({});
    if (!picked) {
      setReading(false);
      return;
    }
    setReading(true);
    let next: Chosen;
    try {
      // Never more than the limit and a byte: that is enough to refuse a file that is too large.
      next = {
        name: picked.name,
        bytes: new Uint8Array(await picked.slice(0, IMPORT_MAX_BYTES + 1).arrayBuffer()),
      };
    } catch {
      next = { error: UNREADABLE };
    }
    if (current !== choice.current) return;
    setReading(false);
    setChosen(next);
  };

  const file = useMemo<ImportFile | null>(() => {
    if (!chosen) return null;
    if ('error' in chosen) return { ok: false, error: chosen.error };
    return readImportFile(chosen.name, chosen.bytes, {
      ...(repeats === '' ? {} : { repeats }),
      ...(columns === null ? {} : { columns }),
      ...(convert ? { rates: validRates(rates) } : {}),
    });
  }, [chosen, repeats, columns, convert, rates]);

  const rows = useMemo(() => (file?.ok ? file.rows : []), [file]);
  // As the server will decide: rows matching a reminder the user has, or an earlier row, are skipped.
  const statuses = useMemo(() => rowStatuses(rows, reminders.data ?? []), [rows, reminders.data]);
  const counts = { ready: 0, duplicate: 0, repeated: 0, error: 0 };
  for (const status of statuses) counts[status.kind] += 1;
  // Every valid row goes, duplicates too: the server skips them and says how many it did.
  const valid = rows.flatMap((row) => (row.reminder ? [row.reminder] : []));
  const termUnknown = rows.some((row) => row.repeats_unknown);
  const currencies = [
    ...new Set(rows.flatMap((row) => (row.foreign_currency ? [row.foreign_currency] : []))),
  ];

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
  const known = file?.ok === true && !reminders.isPending;
  const nothingNew = known && counts.ready === 0;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!importing) void choose(event.dataTransfer.files[0]);
  };

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
      <div
        className={`import-drop${dragging ? ' import-drop-active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="import-drop-hint">Drop the file here, or</p>
        <button
          ref={chooseRef}
          type="button"
          className="btn btn-primary btn-sm"
          disabled={importing}
          aria-describedby={error ? errorId : undefined}
          onClick={() => inputRef.current?.click()}
        >
          Choose a file
        </button>
        {chosen && 'name' in chosen && <p className="import-drop-name">{chosen.name}</p>}
        {/* The real input, reached through the button; hidden, as browsers style it each their own way. */}
        <input
          ref={inputRef}
          id={id}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="File"
          accept={ACCEPT}
          disabled={importing}
          aria-invalid={error !== null}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="import-summary" role="status">
        {summary}
      </p>
      {file?.mapping && <ImportColumns mapping={file.mapping} onChange={setColumns} />}
      {currencies.length > 0 && (
        <ImportRates
          currencies={currencies}
          convert={convert}
          rates={rates}
          onConvert={setConvert}
          onRate={(currency, text) => setRates((now) => ({ ...now, [currency]: text }))}
        />
      )}
      {termUnknown && (
        <div className="field">
          <label htmlFor={`${id}-repeats`}>Repeats, for every row the file gives none</label>
          <select
            id={`${id}-repeats`}
            value={repeats}
            onChange={(event) => setRepeats(REPEATS_VALUES.find((r) => r === event.target.value) ?? '')}
          >
            <option value="">Choose one</option>
            {REPEATS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
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
        <Dialog.Close asChild>
          <button type="button" className="btn btn-outline" disabled={importing}>
            {nothingNew ? 'Close' : 'Cancel'}
          </button>
        </Dialog.Close>
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
