import { API } from '../../../shared/routes.ts';
import { channelsOf } from '../../features/channels/settings.ts';
import { route } from '../../features/account/route.ts';

/** The Notifications card's alert channels. */
export const handler = route(API.getChannels, ({ caller }) => channelsOf(caller.userId, new Date()));
