import { logger } from '../runtime/logger.ts';
import { HttpError } from '../runtime/http.ts';
import { RATE_LIMIT_NAMES } from '../../shared/table.ts';
import { withinRateLimit } from '../runtime/rateLimit.ts';

/** At most this many not-found reports are logged per minute, whoever sends them. */
const REPORTS_PER_MINUTE = 60;

/**
 * The SPA reports an unknown path. Only the path is logged: no query string (it may carry e-mail
 * addresses or tokens), no IP, no user.
 */
export async function logNotFound(path: string): Promise<void> {
  if (!(await withinRateLimit(RATE_LIMIT_NAMES.notFoundReports, REPORTS_PER_MINUTE)))
    throw new HttpError(429, 'Too many reports');
  const clean = path
    .split(/[?#]/)[0]!
    .replace(/[^\w\-./~%]/g, '')
    .slice(0, 200);
  logger.info('Page not found', { path: clean });
}
