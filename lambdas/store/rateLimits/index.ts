/**
 * The rate-limits room: fixed-window counters, the items `rate_limit`, one per limit, subject and
 * window (expired by TTL), each from the closed list of limits. Writes nothing else; builds on the store's base alone.
 * The only module outside this folder may import from it.
 */

export { type Counted, type RateWindow, withinRateLimit } from './counters.ts';
