import { API } from '../../../shared/routes.ts';
import { connectTelegram } from '../../features/channels/settings.ts';
import { route } from '../../features/account/route.ts';

/** 'Connect Telegram': a one-time link to the bot. */
export const handler = route(API.connectTelegram, ({ caller }) => connectTelegram(caller.userId, new Date()));
