import { useEffect, useRef, useState } from 'react';
import type { API } from '#shared/routes.ts';
import { ApiRequestError, callPublic } from '../../../api/request.ts';
import { Link, useSearchParams } from 'react-router';
import { ProsePage } from '../components/ProsePage.tsx';
import { ROUTES } from '../../../config/routes.ts';

const SettingsLink = () => <Link to={ROUTES.settings.path}>{ROUTES.settings.title}</Link>;

type State = 'working' | 'done' | 'invalid' | 'error';

/**
 * /unsubscribe?token=…: the link in every reminder mail's footer. It turns reminder e-mails off
 * with the signed token (no sign-in needed), the same call mail clients make for one-click
 * unsubscribe (RFC 8058). Sent once, even under React's development double effects.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? 'working' : 'invalid');
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    callPublic<typeof API.unsubscribe>({ method: 'POST', path: '/api/unsubscribe' }, { query: { token } })
      .then(() => setState('done'))
      .catch((error: unknown) =>
        setState(error instanceof ApiRequestError && error.status === 400 ? 'invalid' : 'error'),
      );
  }, [token]);

  return (
    <ProsePage title={ROUTES.unsubscribe.title} description="Stop renewal reminder e-mails.">
      <div role="status" aria-live="polite">
        {state === 'working' && <p>Turning off your reminder e-mails…</p>}
        {state === 'done' && (
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
