import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { CHANNEL_MESSAGES, type TelegramChannel as Telegram } from '#shared/channels/kinds.ts';
import { TELEGRAM_LINK_MINUTES, type TelegramConnectLink } from '#shared/channels/telegram.ts';
import { ApiRequestError } from '../../../api/client.ts';
import { NewTabLink } from '../../../components/NewTabLink.tsx';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { useConnectTelegram, usePollChannels } from '../api/channels.ts';
import { channelState, formatClock } from '../channels.ts';
import { ChannelOffNotice, ChannelSection, ChannelTest, RemoveChannel, copyText } from './ChannelParts.tsx';

/** The one-time link while it waits for Start: open it, or copy it to open on the phone. */
function PendingLink({ link }: { link: TelegramConnectLink }) {
  return (
    <div className="channel-notice">
      <p>
        Open the link and press Start in Telegram. It works once, for {TELEGRAM_LINK_MINUTES} minutes (until{' '}
        {formatClock(link.expires_at)}).
      </p>
      <div className="channel-actions">
        <NewTabLink className="btn btn-primary" href={link.link}>
          Open @{link.bot} in Telegram
        </NewTabLink>
        <button type="button" className="btn btn-outline" onClick={() => void copyText(link.link, 'link')}>
          Copy link
        </button>
      </div>
      <p className="muted">Waiting for you to press Start in Telegram…</p>
    </div>
  );
}

/**
 * Telegram: 'Connect Telegram' gives a one-time link to the bot; while it waits, the channels are
 * read again every few seconds (only while this page is visible), until the chat is bound or the
 * link expires. Once connected: the chat's name, 'Send a test' and 'Disconnect'. A site without a
 * bot says so instead of offering the button.
 */
export function TelegramChannel({ channel, available }: { channel: Telegram | null; available: boolean }) {
  const connect = useConnectTelegram();
  const [link, setLink] = useState<TelegramConnectLink | null>(null);
  const [expired, setExpired] = useState(false);
  // 'Connect Telegram' answers 404 where the site has no bot, even if the channels said otherwise.
  const [refused, setRefused] = useState(false);
  const connected = channel?.status === 'on';
  const waiting = link !== null && !expired && !connected;
  usePollChannels(waiting);

  // Bound: the link has done its job.
  useEffect(() => {
    if (link && connected) {
      setLink(null);
      toast.success('Telegram connected', { description: 'Your renewal reminders will arrive there.' });
    }
  }, [link, connected]);

  useEffect(() => {
    if (!link) return;
    const timer = setTimeout(() => setExpired(true), Math.max(0, Date.parse(link.expires_at) - Date.now()));
    return () => clearTimeout(timer);
  }, [link]);

  const start = async () => {
    try {
      const answer = await connect.mutateAsync();
      setExpired(false);
      setLink(answer);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) setRefused(true);
      else toast.error('Error', { description: errorMessage(error) });
    }
  };

  const offered = available && !refused;
  return (
    <ChannelSection name="Telegram" state={channelState(channel, offered)}>
      {!channel && !offered ? (
        <p className="muted">{CHANNEL_MESSAGES.telegramUnavailable}</p>
      ) : (
        <>
          {connected ? (
            <p className="channel-status">
              {channel.chat_name ? `Connected as ${channel.chat_name}` : 'Connected'}
            </p>
          ) : (
            !channel && <p className="muted">Get each day’s reminders as a message from our Telegram bot.</p>
          )}
          {channel && (
            <ChannelOffNotice channel={channel} again="Connect Telegram again to turn it back on." />
          )}
          {waiting && <PendingLink link={link} />}
          {link && expired && !connected && (
            <p className="channel-notice" role="status">
              The link has expired. Press Connect Telegram for a new one.
            </p>
          )}
          {connected && <ChannelTest kind="telegram" name="Telegram" />}
          <div className="channel-actions">
            {!connected && !waiting && offered && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={connect.isPending}
                onClick={() => void start()}
              >
                {connect.isPending ? 'Connecting...' : 'Connect Telegram'}
              </button>
            )}
            {channel && (
              <RemoveChannel
                kind="telegram"
                label="Disconnect"
                srLabel="Disconnect Telegram"
                title="Disconnect Telegram?"
                description="Your renewal reminders stop arriving in Telegram. You can connect again at any time."
                done="Telegram disconnected"
              />
            )}
          </div>
        </>
      )}
    </ChannelSection>
  );
}
