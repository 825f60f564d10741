import { useEffect, useState } from 'react';
import type { API } from '#shared/routes.ts';
import { ApiRequestError, callPublic } from '../../../api/request.ts';
import { Link, useSearchParams } from 'react-router';
import { ProsePage } from '../components/ProsePage.tsx';
import { ROUTES } from '../../../config/routes.ts';

const SettingsLink = () => <Link to={ROUTES.settings.path}>{ROUTES.settings.title}</Link>;

type State = 'loading' | 'ready' | 'working' | 'done' | 'invalid' | 'error';

const stateOf = (error: unknown): State =>
  error instanceof ApiRequestError && error.status === 400 ? 'invalid' : 'error';

/**
 * /unsubscribe?token=…: the link in every reminder mail's footer. Opening it only reads (whose
 * e-mails, as a masked address); the reminder e-mails are turned off when the button is pressed, so
 * a mail scanner that opens links and runs scripts unsubscribes no one. The press makes the same
 * call mail clients make for one-click unsubscribe (RFC 8058), with the signed token, no sign-in.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Not from the token: the build prerenders this page without one, and the browser hydrates that.
  const [state, setState] = useState<State>('loading');
  const [masked, setMasked] = useState<string | null>(null);
  const [invitee, setInvitee] = useState(false);

  useEffect(() => {
    if (!token) {
      setState('invalid');
      return;
    }
    const controller = new AbortController();
    callPublic<typeof API.unsubscribeDetails>(
      { method: 'GET', path: '/api/unsubscribe' },
      { query: { token } },
      { signal: controller.signal },
    )
      .then((details) => {
        setMasked(details.masked_email);
        setInvitee(details.kind === 'invitations');
        setState('ready');
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState(stateOf(error) === 'invalid' ? 'invalid' : 'ready');
      });
    return () => controller.abort();
  }, [token]);

  const unsubscribe = () => {
    setState('working');
    callPublic<typeof API.unsubscribe>({ method: 'POST', path: '/api/unsubscribe' }, { query: { token } })
      .then(() => setState('done'))
      .catch((error: unknown) => setState(stateOf(error)));
  };

  return (
    <ProsePage title={ROUTES.unsubscribe.title} description="Stop renewal reminder e-mails.">
      {(state === 'ready' || state === 'working') && (
        <>
          <p>
            {invitee ? (
              'Stop household invitations to this address? Nobody will be able to invite it again.'
            ) : masked ? (
              <>
                Stop renewal reminder e-mails to <strong>{masked}</strong>?
              </>
            ) : (
              'Stop renewal reminder e-mails to this address?'
            )}
          </p>
          <p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={unsubscribe}
              disabled={state === 'working'}
            >
              Unsubscribe
            </button>
          </p>
        </>
      )}
      <div role="status" aria-live="polite">
        {state === 'loading' && <p>Checking your unsubscribe link…</p>}
        {state === 'working' && <p>Turning off your reminder e-mails…</p>}
        {state === 'done' && invitee && (
          <p>You're unsubscribed: we won't send invitations to this address any more.</p>
        )}
        {state === 'done' && !invitee && (
          <>
            <p>You're unsubscribed: we won't send you renewal reminder e-mails any more.</p>
            <p>
              Changed your mind? Turn them back on in <SettingsLink />.
            </p>
          </>
        )}
        {state === 'invalid' && (
          <p>
            This unsubscribe link is not valid. You can turn reminder e-mails off in <SettingsLink />.
          </p>
        )}
        {state === 'error' && (
          <p>
            Something went wrong and you are not unsubscribed yet. Please try the link again, or turn reminder
            e-mails off in <SettingsLink />.
          </p>
        )}
      </div>
    </ProsePage>
  );
}
