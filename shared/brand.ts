/** The product's identity, written once for the SPA, the e-mails, the API and the infrastructure. */
export const PRODUCT_NAME = 'Renewal Reminders';
export const TAGLINE = 'Never lose money on renewals again';

/** What the product does, in one sentence: the pages' default meta description. */
export const DESCRIPTION = `${TAGLINE}. Track UK renewal dates for your mortgage, insurance, energy, broadband and subscriptions, and get an e-mail reminder before each one.`;

/** The title of the home page, and of any page that has none of its own. */
export const HOME_TITLE = `${PRODUCT_NAME}: ${TAGLINE}`;

/** The brand colour: the web app's primary colour and theme colour, and the e-mails' accent. */
export const BRAND_COLOR = '#0b4f6c';

/** The name under an installed app's icon, where the full name would be cut short. */
export const SHORT_NAME = 'Renewals';
