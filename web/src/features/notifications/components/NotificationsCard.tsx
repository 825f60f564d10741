import { ErrorPanel, LoadingPanel } from '../../../components/Panels.tsx';
import { useChannels } from '../api/channels.ts';
import { EmailChannel } from './EmailChannel.tsx';
import { NtfyChannel } from './NtfyChannel.tsx';
import { TelegramChannel } from './TelegramChannel.tsx';
import { WebhookChannel } from './WebhookChannel.tsx';
import { WebPushChannel } from './WebPushChannel.tsx';
import { SettingsCard } from '../../../components/SettingsCard.tsx';
import './NotificationsCard.css';
import './Channels.css';

/** Telegram, ntfy and the webhook, read together: one loading state and one error for the three. */
export function AlertChannels() {
  const channels = useChannels();
  if (channels.isPending) return <LoadingPanel label="Loading your channels" className="channels-loading" />;
  if (channels.isError)
    return (
      <ErrorPanel
        message="Your Telegram, ntfy and webhook settings could not be loaded."
        onRetry={() => void channels.refetch()}
      />
    );
  return (
    <>
      <TelegramChannel channel={channels.data.telegram} available={channels.data.telegram_available} />
      <NtfyChannel channel={channels.data.ntfy} />
      <WebhookChannel channel={channels.data.webhook} />
    </>
  );
}

/**
 * Settings, 'Notifications': every way the day's reminders can arrive, each with its state: e-mail
 * (switched in Profile Settings), this device's notifications, Telegram, ntfy and a webhook.
 */
export function NotificationsCard() {
  return (
    <SettingsCard
      headingId="notifications-heading"
      title="Notifications"
      className="settings-card notifications-card"
    >
      <p className="muted">
        On a day something is due, your reminders arrive wherever you choose: by e-mail, on this device, in
        Telegram, through ntfy, or at your own webhook.
      </p>
      <EmailChannel />
      <WebPushChannel />
      <AlertChannels />
    </SettingsCard>
  );
}
