/** The messages of the channels' answers and refusals (an address's own: shared/channels/urls.ts). */
import { CHANNEL_URL_MESSAGES } from './urls.ts';

/** 'Send a test' calls a service each time: this many a user a day. */
export const CHANNEL_TESTS_PER_DAY = 30;

// Made by a call marked pure, so a bundle that loads this module for something else (the senders')
// leaves it out.
export const CHANNEL_MESSAGES = /* @__PURE__ */ (() =>
  ({
    ...CHANNEL_URL_MESSAGES,
    notSetUp: 'That channel is not set up',
    tooManyTests: `That is ${CHANNEL_TESTS_PER_DAY} tests today: try again tomorrow`,
    telegramUnavailable: 'Telegram alerts are not available on this site',
    topicInvalid: 'The address must end with the topic: letters, digits, - and _ (at most 64)',
    tokenInvalid: 'The access token is letters, digits and symbols without spaces (at most 256)',
    testTitle: 'Renewal reminders are connected',
    testBody: 'This is how your renewal reminders will arrive: one message on a day something is due.',
  }) as const)();
