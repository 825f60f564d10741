/** The product's name and tagline, written once for the SPA, the e-mails and the API. */
export const PRODUCT_NAME = 'Renewal Reminders';
export const TAGLINE = 'Never lose money on renewals again';
