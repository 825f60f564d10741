/**
 * What every channel of the Notifications card has: its section with its name and state, the line
 * saying why the server turned it off, 'Send a test' with what came back, and 'Remove' (or
 * 'Disconnect') behind a confirmation.
 */
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { Channel, ChannelKind, ChannelTestResult } from '#shared/channels/kinds.ts';
import { ApiRequestError } from '../../../api/client.ts';
import { Badge, type BadgeVariant } from '../../../components/Badge.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { useRemoveChannel, useTestChannel } from '../api/channels.ts';
import { offNotice, outcomeText } from '../channels.ts';

/** One channel: its name as a heading, its state beside it, then its content. */
export function ChannelSection({
  name,
  state,
  children,
}: {
  name: string;
  state: { text: string; variant: BadgeVariant } | null;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="channel" aria-labelledby={headingId}>
      <div className="channel-head">
        <h3 id={headingId} className="channel-name">
          {name}
        </h3>
        {state && <Badge variant={state.variant}>{state.text}</Badge>}
      </div>
      {children}
    </section>
  );
}

/** A channel the server turned off: when and why, and how to turn it on again. */
export function ChannelOffNotice({ channel, again }: { channel: Channel; again: string }) {
  if (channel.status !== 'off') return null;
  return (
    <div className="channel-notice channel-notice-off">
      <p>{offNotice(channel)}</p>
      <p>{again}</p>
    </div>
  );
}

/**
 * The top of a channel set up by a form (ntfy, the webhook): what it does until it is set up; then,
 * if the server turned it off, why, and that saving it again turns it back on.
 */
export function FormChannelIntro({ channel, children }: { channel: Channel | null; children: ReactNode }) {
  if (!channel) return <p className="muted">{children}</p>;
  return <ChannelOffNotice channel={channel} again="Save it again to turn it back on." />;
}

/**
 * Whether a failed save should also say why on the form: a refusal with field messages already
 * says it on its fields; any other (the server's own check of an address, say) would otherwise
 * only be a toast.
 */
export const sayOnForm = (error: unknown) => !(error instanceof ApiRequestError && error.fieldErrors);

/** Puts `text` on the clipboard, saying so (or how to copy it by hand). */
export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied');
  } catch {
    toast.error('Error', { description: `Could not copy the ${what}: select it and copy it yourself.` });
  }
}

/** What the service answered a test: shown under the button until the next one. */
function TestResult({ result }: { result: ChannelTestResult }) {
  return (
    <p className={`channel-test-result channel-test-${result.outcome}`}>
      <strong>{outcomeText(result.outcome, result.http_status)}</strong>: {result.summary}
    </p>
  );
}

/** 'Send a test': one message now, and what came back, in words. */
export function ChannelTest({ kind, name }: { kind: ChannelKind; name: string }) {
  const test = useTestChannel(kind);
  const [result, setResult] = useState<ChannelTestResult | null>(null);
  const send = async () => {
    setResult(null);
    try {
      setResult(await test.mutateAsync());
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  };
  return (
    <div className="channel-test">
      <button type="button" className="btn btn-outline" disabled={test.isPending} onClick={() => void send()}>
        {test.isPending ? (
          'Sending...'
        ) : (
          <>
            Send a test<span className="visually-hidden"> to {name}</span>
          </>
        )}
      </button>
      <div role="status">{result && <TestResult result={result} />}</div>
    </div>
  );
}

/**
 * A channel's action asked first ('Remove', 'Rotate secret'): its button opens the confirmation;
 * confirmed, `run` goes, then the dialog closes and `done` is toasted (with `doneDescription`); a
 * failure is toasted and the dialog stays open.
 */
export function ConfirmedAction({
  label,
  srLabel,
  title,
  description,
  done,
  doneDescription,
  run,
  pending,
  tone,
  buttonClassName = 'btn btn-ghost',
}: {
  /** The button's words, on it and in the dialog. */
  label: string;
  /** What the button is named to a screen reader, where `label` alone would be ambiguous. */
  srLabel?: string;
  title: string;
  description: string;
  /** The toast's title once it is done. */
  done: string;
  doneDescription?: string;
  run: () => Promise<void>;
  pending: boolean;
  tone?: 'destructive' | 'primary';
  buttonClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const onConfirm = async () => {
    try {
      await run();
      setOpen(false);
      if (doneDescription === undefined) toast.success(done);
      else toast.success(done, { description: doneDescription });
    } catch (error) {
      toast.error('Error', { description: errorMessage(error) });
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
      confirmLabel={label}
      busy={pending}
      tone={tone}
      onConfirm={() => void onConfirm()}
      trigger={
        <button type="button" className={buttonClassName} aria-label={srLabel}>
          {label}
        </button>
      }
    />
  );
}

/** 'Remove' (or 'Disconnect'), asked first; the channel goes from the list once the server agrees. */
export function RemoveChannel({
  kind,
  ...words
}: { kind: ChannelKind } & Pick<
  Parameters<typeof ConfirmedAction>[0],
  'label' | 'srLabel' | 'title' | 'description' | 'done'
>) {
  const remove = useRemoveChannel(kind);
  return (
    <ConfirmedAction
      {...words}
      run={async () => void (await remove.mutateAsync())}
      pending={remove.isPending}
    />
  );
}
