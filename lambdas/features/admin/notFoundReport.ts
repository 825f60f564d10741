import { logger } from '../../runtime/logger.ts';
import { HttpError } from '../../runtime/http.ts';
import { withinRateLimit } from '../../store/rateLimits/index.ts';

/** At most this many not-found reports are logged per minute, whoever sends them. */
const REPORTS_PER_MINUTE = 60;

/**
 * The SPA reports an unknown path. Only the path is logged: no query string (it may carry e-mail
 * addresses or tokens), no IP, no user.
 */
export async function logNotFound(path: string): Promise<void> {
  if (!(await withinRateLimit({ limit: 'notFoundReports' }, REPORTS_PER_MINUTE)))
    throw new HttpError(429, 'Too many reports');
  const clean = path
    .split(/[?#]/)[0]!
    .replace(/[^\w\-./~%]/g, '')
    .slice(0, 200);
  logger.info('Page not found', { path: clean });
}
