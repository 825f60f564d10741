/** The product's identity, written once for the SPA, the e-mails, the API and the infrastructure. */
export const PRODUCT_NAME = 'Renewal Reminders';
export const TAGLINE = 'Never lose money on renewals again';

/** The brand colour: the web app's primary colour and theme colour, and the e-mails' accent. */
export const BRAND_COLOR = '#0b4f6c';

/** The Cognito group whose members are admins (checked by the server on every admin route). */
export const ADMIN_GROUP = 'admin';
