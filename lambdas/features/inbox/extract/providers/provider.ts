/** One provider the inbox knows (providers.ts lists them all), and the categories lists name often. */
import type { Category } from '../../../../../shared/reminder/categories.ts';

export interface Provider {
  name: string;
  categories: readonly Category[];
  domains: readonly string[];
  /** How letters name it (the name itself when absent). */
  names?: readonly string[];
  exact?: boolean;
  notProvider?: boolean;
  /** A comparison or quote site: its mails name many providers, none of them the user's. */
  comparison?: boolean;
}

export const ins: Category[] = ['insurance'];
export const energy: Category[] = ['utilities_energy'];
export const comms: Category[] = ['broadband_mobile'];
export const cards: Category[] = ['credit_cards'];
export const mortgage: Category[] = ['mortgage'];
export const subs: Category[] = ['subscriptions'];
export const motoring: Category[] = ['car_tax_mot'];
