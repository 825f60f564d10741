import { useEffect, useState, type FormEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { toast } from 'sonner';
import { INBOX_MESSAGES, INBOX_TEXT_MAX, type InboxUpload } from '#shared/inbox/items.ts';
import { FieldFrame } from '../../../components/form/Field.tsx';
import { useReturnFocus } from '../../../hooks/useReturnFocus.ts';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { useUploadToInbox } from '../api/inbox.ts';
import { fileUpload, UPLOAD_ACCEPT, uploadProblem } from '../upload-file.ts';
import { CancelButton } from '../../../components/CancelButton.tsx';
import '../../../components/Dialog.css';

type Kind = 'file' | 'text';
/** The two ways to give a letter, as the dialog offers them. */
const KINDS: readonly (readonly [Kind, string])[] = [
  ['file', 'A file'],
  ['text', 'Text to paste'],
];

/** The text checked as the API checks it, so the message comes before anything is sent. */
function textProblem(text: string): string | null {
  if (text.trim() === '') return INBOX_MESSAGES.textRequired;
  if (text.length > INBOX_TEXT_MAX) return INBOX_MESSAGES.textTooLong;
  return null;
}

/** 'What do you have?': a file or text to paste. */
function KindChoice({
  kind,
  onChange,
  disabled,
}: {
  kind: Kind;
  onChange: (kind: Kind) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="radio-group" disabled={disabled}>
      <legend>What do you have?</legend>
      <div className="choices">
        {KINDS.map(([value, label]) => (
          <label key={value} className="checkbox">
            <input
              type="radio"
              name="upload-kind"
              checked={kind === value}
              onChange={() => onChange(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The letter itself: its file (checked when chosen), or its text; `problem` is said under it. */
function LetterField({
  kind,
  text,
  problem,
  disabled,
  onText,
  onFile,
}: {
  kind: Kind;
  text: string;
  problem: string | null;
  disabled: boolean;
  onText: (text: string) => void;
  onFile: (file: File | null) => void;
}) {
  return kind === 'file' ? (
    <FieldFrame
      label="Letter file"
      hint="PDF, PNG or JPEG photo, .eml e-mail or .txt"
      error={problem ?? undefined}
    >
      {(control) => (
        <input
          {...control}
          type="file"
          accept={UPLOAD_ACCEPT}
          disabled={disabled}
          onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
        />
      )}
    </FieldFrame>
  ) : (
    <FieldFrame label="Text of the letter" error={problem ?? undefined}>
      {(control) => (
        <textarea
          {...control}
          rows={8}
          value={text}
          disabled={disabled}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      )}
    </FieldFrame>
  );
}

/**
 * 'Upload a letter': a PDF, a photo, an .eml or text file, or the letter's text pasted. The file is
 * checked (type, size) when chosen and read in the browser; reading a photo on the server can take a
 * few seconds, so the dialog says 'Reading…' until the answer, which lands in 'From your inbox'.
 */
export function UploadDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const upload = useUploadToInbox();
  const [kind, setKind] = useState<Kind>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The API's refusal (the day's limit, a network failure): said apart from the field's own message.
  const [failure, setFailure] = useState<string | null>(null);
  const returnFocus = useReturnFocus(open);
  const busy = upload.isPending;

  // Each opening starts afresh.
  useEffect(() => {
    if (!open) return;
    setKind('file');
    setFile(null);
    setText('');
    setProblem(null);
    setFailure(null);
  }, [open]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    let body: InboxUpload;
    if (kind === 'text') {
      const refused = textProblem(text);
      if (refused) return setProblem(refused);
      body = { kind: 'text', text };
    } else {
      if (!file) return setProblem('Choose the file of the letter');
      const read = await fileUpload(file);
      if ('error' in read) return setProblem(read.error);
      body = read;
    }
    setProblem(null);
    setFailure(null);
    try {
      const { item } = await upload.mutateAsync(body);
      onOpenChange(false);
      if (item.status === 'ready')
        toast.success('Letter read', { description: 'Check what we found under From your inbox.' });
      else toast.info(item.message ?? INBOX_MESSAGES.noDateUpload);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content" onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="dialog-title">Upload a letter</Dialog.Title>
          <Dialog.Description className="muted">
            A renewal letter as a PDF, a photo (PNG or JPEG), a saved e-mail (.eml) or text file, or its text
            pasted. We read the dates and prices; nothing changes until you confirm them.
          </Dialog.Description>
          <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
            <KindChoice kind={kind} onChange={setKind} disabled={busy} />
            <LetterField
              kind={kind}
              text={text}
              problem={problem}
              disabled={busy}
              onText={setText}
              onFile={(picked) => {
                setFile(picked);
                setProblem(picked ? uploadProblem(picked) : null);
              }}
            />
            {failure && (
              <p className="field-error" role="alert">
                {failure}
              </p>
            )}
            <div className="dialog-actions">
              <CancelButton disabled={busy} />
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {busy ? 'Reading…' : 'Read the letter'}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
