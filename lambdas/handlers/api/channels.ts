/** The alert channels' routes' one function (group 'channels' in shared/channelRoutes.ts, decision 0036). */
import { groupHandler } from '../../runtime/group.ts';
import { handler as connectTelegram } from './connectTelegram.ts';
import { handler as getChannels } from './getChannels.ts';
import { handler as removeChannel } from './removeChannel.ts';
import { handler as rotateWebhookSecret } from './rotateWebhookSecret.ts';
import { handler as saveNtfyChannel } from './saveNtfyChannel.ts';
import { handler as saveWebhookChannel } from './saveWebhookChannel.ts';
import { handler as testChannel } from './testChannel.ts';

export const handler = groupHandler({
  getChannels,
  connectTelegram,
  saveNtfyChannel,
  saveWebhookChannel,
  rotateWebhookSecret,
  testChannel,
  removeChannel,
});
