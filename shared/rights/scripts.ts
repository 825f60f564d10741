/**
 * 'What to say': a short script per category for a call, and the messages a user can copy or
 * download and send themselves, each of the kinds that fit the category: ask for the new-customer
 * price, cancel auto-renewal, give notice, ask for a retention offer. Filled with the reminder's facts
 * (rights/facts.ts); the rules they lean on are listed beside them (rights/rules.ts). Plain text:
 * nothing is sent for the user. Pure.
 */
import type { Category } from '../reminder/categories.ts';
import { formatLongUkDate } from '../dates.ts';
import { NO_EXIT_FEE_DAYS } from '../reminder/windows.ts';
import { vehicleDateOf } from '../vehicles.ts';
import {
  earliestMotDay,
  factsOf,
  nextPriceCapChange,
  type Facts,
  type ScriptQuote,
  type ScriptReminder,
} from './facts.ts';

export const MESSAGE_KINDS = [
  { value: 'new_customer_price', title: 'Ask for the new-customer price' },
  { value: 'cancel_auto_renewal', title: 'Cancel auto-renewal' },
  { value: 'give_notice', title: 'Give notice' },
  { value: 'retention_offer', title: 'Ask for a retention offer' },
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number]['value'];

/** A message to copy or download: its title, a note for the user (not part of it), its text and file name. */
export interface Message {
  kind: MessageKind;
  title: string;
  note: string | null;
  text: string;
  filename: string;
}

export interface WhatToSay {
  /** What to say on the phone. */
  script: string;
  /** One more thing worth knowing for the call, or null. */
  aside: string | null;
  messages: Message[];
}

/** A message's paragraphs (a null one is left out) and the note beside it. */
type Body = (f: Facts) => { paragraphs: (string | null)[]; note?: string };

interface CategoryScript {
  script: (f: Facts, reminder: ScriptReminder) => string;
  aside?: (f: Facts, reminder: ScriptReminder) => string | null;
  /** The messages that fit the category, in the order the page lists them. */
  messages: Partial<Record<MessageKind, Body>>;
}

const haveQuote = (f: Facts, words = 'I have a quote from') => (f.quote ? `${words} ${f.quote}.` : null);

const SCRIPTS: Record<Category, CategoryScript> = {
  insurance: {
    script: (f) =>
      `Hello, I’m calling about my ${f.what} policy, ${f.reference}. It ${f.dated}, and the renewal price is ${f.renewalPrice}. What would you charge me as a new customer today, through this same channel? Under the FCA’s pricing rules my renewal price can be no higher. Please also turn off auto-renewal while I decide.${f.quote ? ` I have a quote from ${f.quote}: can you beat it?` : ''}`,
    messages: {
      new_customer_price: (f) => ({
        paragraphs: [
          `My ${f.what} policy ${f.dated}. The renewal price you have offered me is ${f.renewalPrice}.`,
          'Under the FCA’s pricing rules, a home or motor renewal price can be no higher than the price you would quote me as a new customer through the same channel. Please tell me that price, and renew me at no more than it.',
          `Please reply in writing before ${f.date}.`,
        ],
      }),
      cancel_auto_renewal: (f) => ({
        paragraphs: [
          `Please turn off the automatic renewal of my ${f.what} policy, which ${f.dated}, and confirm in writing that it will not renew and that no payment will be taken for a new term.`,
          'The FCA’s rules let me do this at any time, in any of the ways you sell new policies.',
        ],
      }),
      retention_offer: (f) => ({
        paragraphs: [
          `My ${f.what} policy ${f.dated}, and the renewal price you have offered me is ${f.renewalPrice}.`,
          haveQuote(f) ?? 'I have a quote of [the price of your best quote] from [the insurer].',
          'Can you offer me a better price to stay? If not, I will switch before the renewal date.',
        ],
      }),
    },
  },
  broadband_mobile: {
    script: (f) =>
      `Hello, my ${f.what} contract ${f.dated}, and I pay ${f.price}. After that I am free to leave. What is the best price you can offer me to stay on the same service?${f.quote ? ` I have a quote from ${f.quote}.` : ''} If it is not better, I will switch.`,
    messages: {
      retention_offer: (f) => ({
        paragraphs: [
          `My ${f.what} contract ${f.dated}. I pay ${f.price}.`,
          haveQuote(f),
          'Please tell me the best price you can offer me to stay on the same service, how long its minimum term is, and any price rises in it in pounds and pence.',
        ],
      }),
      give_notice: (f) => ({
        paragraphs: [
          `I am giving notice to end my ${f.what} contract, which ${f.dated}.`,
          'Please confirm the date my service and payments will end, my final bill, and how to return any equipment.',
        ],
        note: 'Switching broadband or a landline to a new provider? You need not send this: the new provider arranges the switch.',
      }),
    },
  },
  utilities_energy: {
    script: (f) =>
      `Hello, my fixed tariff (${f.what}) ${f.dated}. Which tariffs can you offer me for when it ends, with their unit rates and standing charges, and what is your best fixed tariff for me? I know I can switch without an exit fee in the last ${NO_EXIT_FEE_DAYS} days of my fix.`,
    aside: (_, reminder) =>
      `The price cap next changes on ${formatLongUkDate(nextPriceCapChange(reminder.renewal_date))}, counting from your date: a standard variable tariff’s prices can change then.`,
    messages: {
      retention_offer: (f) => ({
        paragraphs: [
          `My fixed tariff (${f.what}) ${f.dated}. I pay ${f.price}.`,
          'Please send me the tariffs you can offer me for when it ends, with their unit rates and standing charges, and your best fixed tariff to stay.',
          haveQuote(f),
          `I understand I can switch without an exit fee in the last ${NO_EXIT_FEE_DAYS} days of my fix.`,
        ],
      }),
    },
  },
  mortgage: {
    script: (f) =>
      `Hello, my mortgage deal (${f.what}) ${f.dated}. Which product transfer deals can you offer me, with their rates, fees and early repayment charges, and from when can I lock one in? If my payments are up to date, can I switch without a new affordability check, as the Mortgage Charter says?`,
    messages: {
      retention_offer: (f) => ({
        paragraphs: [
          `My mortgage deal (${f.what}) ${f.dated}. I pay ${f.price}.`,
          'Please send me the product transfer deals you can offer me, with their rates, fees and early repayment charges, and tell me from when I can lock one in.',
          haveQuote(f),
          'Please also confirm whether I can switch without a new affordability check, as the Mortgage Charter says for borrowers whose payments are up to date.',
        ],
      }),
    },
  },
  credit_cards: {
    script: (f) =>
      `Hello, the promotional rate on my card (${f.what}) ${f.dated}. What rate will my balance be on after that? Can you offer me a new promotional rate, or a lower rate, to keep my balance with you? If not, I may move it to another card.`,
    messages: {
      retention_offer: (f) => ({
        paragraphs: [
          `The promotional rate on my card (${f.what}) ${f.dated}.`,
          'Please tell me the rate my balance will be on after that date, and whether you can offer me a new promotional rate or a lower rate to keep my balance with you.',
        ],
      }),
    },
  },
  subscriptions: {
    script: (f) =>
      `Hello, I’m thinking of cancelling ${f.what}, which ${f.dated}. I pay ${f.price}. Can you offer me a lower price to stay? If not, please cancel it before the next payment and confirm that no more payments will be taken.`,
    messages: {
      give_notice: (f) => ({
        paragraphs: [
          `Please cancel my ${f.what} subscription before the next payment: it ${f.dated}.`,
          'Please confirm in writing that it is cancelled and that no more payments will be taken.',
        ],
      }),
      retention_offer: (f) => ({
        paragraphs: [
          `I pay ${f.price} for ${f.what}, which ${f.dated}.`,
          'Before I cancel: can you offer me a lower price to stay?',
        ],
      }),
    },
  },
  car_tax_mot: {
    script: (f, reminder) => {
      if (vehicleDateOf(reminder) === 'tax')
        return `No call needed: tax the car (${f.registration}) on GOV.UK by ${f.date}, with the reference on your V11 reminder or your log book (V5C). If you pay by Direct Debit, it renews by itself.`;
      const earliest = earliestMotDay(reminder);
      const from = earliest ? `on or after ${formatLongUkDate(earliest)}` : 'no more than a month before it';
      return `Hello, I’d like to book an MOT for my car, registration ${f.registration}. Its MOT runs out on ${f.date}, so I’d like a test ${from}, to keep the same renewal date.`;
    },
    messages: {},
  },
};

/** A file name from words: 'home-insurance-give-notice.txt'. */
const slug = (words: string) =>
  words
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** A message as a letter: who it is to, what it is about, the paragraphs, and a signature to fill in. */
function letter(f: Facts, paragraphs: (string | null)[]): string {
  const body = paragraphs.filter((p): p is string => p !== null);
  return [
    `To: ${f.provider}`,
    `About: ${f.what}, ${f.reference}`,
    '',
    `Dear ${f.provider},`,
    '',
    ...body.flatMap((p) => [p, '']),
    'Yours sincerely,',
    '[your name]',
    '',
  ].join('\n');
}

/** The script, the aside and the messages for a reminder, filled with its facts and its quotes. */
export function whatToSay(reminder: ScriptReminder, quotes: readonly ScriptQuote[]): WhatToSay {
  const f = factsOf(reminder, quotes);
  const category = SCRIPTS[reminder.category];
  const messages = MESSAGE_KINDS.flatMap(({ value, title }): Message[] => {
    const body = category.messages[value];
    if (!body) return [];
    const { paragraphs, note } = body(f);
    const filename = `${slug(reminder.title) || 'renewal'}-${slug(title)}.txt`;
    return [{ kind: value, title, note: note ?? null, text: letter(f, paragraphs), filename }];
  });
  return { script: category.script(f, reminder), aside: category.aside?.(f, reminder) ?? null, messages };
}
