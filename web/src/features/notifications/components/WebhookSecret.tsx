import { useEffect, useId, useRef } from 'react';
import {
  WEBHOOK_HEADERS,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  WEBHOOK_TOLERANCE_SECONDS,
} from '#shared/channels/webhook.ts';
import { copyText } from './ChannelParts.tsx';

/**
 * A new signing secret, shown this once (after the first save and after 'Rotate secret'): it lives
 * only in the card's state, so leaving the page or 'Done' puts it out of reach for good. Focus
 * goes to it, so it is not missed.
 */
export function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const inputId = useId();
  const noteId = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <div className="channel-notice channel-secret">
      <div className="field">
        <label htmlFor={inputId}>Signing secret</label>
        <input
          ref={input}
          id={inputId}
          type="text"
          readOnly
          value={secret}
          aria-describedby={noteId}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <p id={noteId}>
        <strong>Copy it now: we will not show it again.</strong> Your receiver checks each request’s signature
        with it.
      </p>
      <div className="channel-actions">
        <button type="button" className="btn btn-primary" onClick={() => void copyText(secret, 'secret')}>
          Copy secret
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/** How a receiver checks a request: the headers, the signature and the time allowed. */
export function WebhookSigningHelp() {
  return (
    <details className="channel-help">
      <summary>How requests are signed</summary>
      <p>
        Each day something is due we POST one JSON body with the day’s renewals. The{' '}
        <code>{WEBHOOK_HEADERS.signature}</code> header reads <code>{'t={unix seconds},v1={signature}'}</code>
        : the signature is the HMAC-SHA256, in hex, of <code>{'{t}.{body}'}</code> with your signing secret.
        Take a request only when the signature matches and <code>t</code> is within{' '}
        {WEBHOOK_TOLERANCE_SECONDS / 60} minutes of now. For {WEBHOOK_PREVIOUS_SECRET_HOURS} hours after you
        rotate the secret, the header carries a second <code>v1</code> signed with the previous one: take the
        request when either matches. <code>{WEBHOOK_HEADERS.delivery}</code> stays the same on each retry: use
        it to skip a repeat.
      </p>
    </details>
  );
}
