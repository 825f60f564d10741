import { useMe } from '../../../api/get-me.ts';
import { ChannelSection } from './ChannelParts.tsx';

/** E-mail: whether reminder e-mails are on, and where; they are switched in Profile Settings. */
export function EmailChannel() {
  const me = useMe();
  const on = me.data?.profile.reminder_emails;
  return (
    <ChannelSection
      name="E-mail"
      state={
        on === undefined
          ? null
          : on
            ? { text: 'On', variant: 'success' }
            : { text: 'Off', variant: 'outline' }
      }
    >
      {me.isPending ? (
        <p className="muted" aria-busy="true">
          Loading…
        </p>
      ) : me.isError ? (
        <p className="muted">Your e-mail setting could not be loaded.</p>
      ) : (
        <p>
          {on ? `Your reminders go to ${me.data.profile.email}.` : 'Reminder e-mails are off.'}{' '}
          <a href="#profile-heading">Change it in Profile Settings</a>
        </p>
      )}
    </ChannelSection>
  );
}
