import type { AdminConfig } from '../../../shared/admin.ts';
import { env } from '../../runtime/env.ts';

/** Read-only configuration for the self-check page. No secrets. */
export function adminConfig(): AdminConfig {
  const e = env();
  return {
    email_provider: e.EMAIL_PROVIDER,
    email_from: e.EMAIL_FROM,
    region: e.AWS_REGION,
    site_url: e.SITE_URL,
    api_url: e.API_URL ?? new URL('/api', e.SITE_URL).toString(),
    table_name: e.TABLE_NAME,
    stage: e.STAGE,
    configuration_set: e.SES_CONFIGURATION_SET ?? null,
  };
}
