import { useState } from 'react';
import { toast } from 'sonner';

import { ErrorPanel, LoadingPanel } from '../../../components/Panels.tsx';
import { ReadOnlyField } from '../../../components/form/ReadOnlyField.tsx';
import { useInbox } from '../api/inbox.ts';
import { ResetAddressDialog, UploadDialog } from './lazy-dialogs.tsx';
import './Inbox.css';

export const INBOX_HEADING = 'Your renewal inbox';
const FORWARD_HOW =
  'In Gmail or Outlook, open the renewal e-mail, choose Forward, and send it to this address.';
const NOT_HERE = 'The renewal inbox does not receive e-mail here. You can still upload a letter.';

async function copy(address: string) {
  try {
    await navigator.clipboard.writeText(address);
    toast.success('Copied');
  } catch {
    toast.error('Error', { description: 'Could not copy the address: select it and copy it yourself.' });
  }
}

/** 'Copy': the address to the clipboard; named with what it copies. */
function CopyButton({ address, className }: { address: string; className: string }) {
  return (
    <button type="button" className={className} onClick={() => void copy(address)}>
      Copy<span className="visually-hidden"> inbox address</span>
    </button>
  );
}

/** 'Upload a letter' and its dialog; `startOpen`: opened as the page opens (and `onClosed` when done). */
function UploadButton({
  className,
  startOpen = false,
  onClosed,
}: {
  className: string;
  startOpen?: boolean;
  onClosed?: () => void;
}) {
  const [open, setOpen] = useState(startOpen);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        Upload a letter
      </button>
      <UploadDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) onClosed?.();
        }}
      />
    </>
  );
}

/**
 * Settings → 'Your renewal inbox': the user's own address to forward renewal e-mails to, how to
 * forward one, 'Copy', 'Reset address' (for an address that got around) and 'Upload a letter'.
 * `startUpload`: 'Upload a letter' is open from the start (Settings opened for it: the notice
 * question's 'Yes, and here it is'); `onUploadClosed` runs when it closes.
 */
export function InboxCard({
  startUpload = false,
  onUploadClosed,
}: { startUpload?: boolean; onUploadClosed?: () => void } = {}) {
  const inbox = useInbox();
  const [resetting, setResetting] = useState(false);
  return (
    <section className="card settings-card" aria-labelledby="inbox-heading">
      <h2 id="inbox-heading" className="card-title">
        {INBOX_HEADING}
      </h2>
      <p className="muted">
        Forward a renewal e-mail, or upload the letter, and we read its date and prices for you to check.
        Nothing changes in your reminders until you confirm it.
      </p>
      {inbox.isPending ? (
        <LoadingPanel label="Loading your renewal inbox" className="inbox-loading" />
      ) : inbox.isError ? (
        <ErrorPanel message="Your renewal inbox could not be loaded." onRetry={() => void inbox.refetch()} />
      ) : (
        <div className="inbox-card">
          {inbox.data.address === null ? (
            <p>{NOT_HERE}</p>
          ) : (
            <>
              <ReadOnlyField label="Your inbox address" value={inbox.data.address} />
              <p className="muted">{FORWARD_HOW}</p>
            </>
          )}
          <div className="inbox-actions">
            {inbox.data.address !== null && (
              <CopyButton address={inbox.data.address} className="btn btn-primary" />
            )}
            <UploadButton className="btn btn-outline" startOpen={startUpload} onClosed={onUploadClosed} />
            {inbox.data.address !== null && (
              <button type="button" className="btn btn-ghost" onClick={() => setResetting(true)}>
                Reset address
              </button>
            )}
          </div>
          <ResetAddressDialog open={resetting} onOpenChange={setResetting} />
        </div>
      )}
    </section>
  );
}

/**
 * The dashboard's one line of 'Your renewal inbox': the address, 'Copy' and 'Upload a letter' (the
 * rest is in Settings). It keeps its height while loading, so the list below does not move.
 */
export function InboxStrip() {
  const inbox = useInbox();
  return (
    <section className="card inbox-strip" aria-labelledby="inbox-strip-heading">
      <h2 id="inbox-strip-heading" className="inbox-strip-title">
        {INBOX_HEADING}
      </h2>
      {inbox.isPending ? (
        <span className="inbox-strip-body muted" aria-busy="true">
          Loading…
        </span>
      ) : inbox.isError ? (
        <span className="inbox-strip-body">
          <span className="muted">It could not be loaded. </span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void inbox.refetch()}>
            Try again
          </button>
        </span>
      ) : (
        <span className="inbox-strip-body">
          {inbox.data.address === null ? (
            <span className="muted">Not available here.</span>
          ) : (
            <>
              <code className="inbox-address" title={FORWARD_HOW}>
                {inbox.data.address}
              </code>
              <CopyButton address={inbox.data.address} className="btn btn-ghost btn-sm" />
            </>
          )}
          <UploadButton className="btn btn-outline btn-sm" />
        </span>
      )}
    </section>
  );
}
