/**
 * The renewal inbox's public face: Settings' 'Your renewal inbox' card, and the dashboard's one-line
 * card and 'From your inbox' list.
 */
export { InboxCard, InboxStrip } from './components/InboxCard.tsx';
export { FromYourInbox } from './components/FromYourInbox.tsx';
