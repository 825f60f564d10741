import { API } from '../../shared/routes.ts';
import { connectTelegram } from '../channels/settings.ts';
import { route } from '../account/route.ts';

/** 'Connect Telegram': a one-time link to the bot. */
export const handler = route(API.connectTelegram, ({ caller }) => connectTelegram(caller.userId, new Date()));
