/** The localStorage key of the kept dashboard data (./saved-queries.ts); the browser tests read it too. */
export const SAVED_QUERIES_KEY = 'rr.saved-queries';
