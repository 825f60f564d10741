import * as z from 'zod';
import type { PublicConfig } from '../../shared/api.ts';
import { env } from '../runtime/env.ts';
import { json, route } from '../runtime/http.ts';

const flagsSchema = z.object({
  admin_dashboard_v1: z.boolean().default(true),
  country_cta_v1: z.boolean().default(false),
});

/** Public, per-stage configuration for the SPA: feature flags and whether mail is sent. */
export const handler = route('public', async () => {
  const config: PublicConfig = {
    stage: env().STAGE,
    featureFlags: flagsSchema.parse(JSON.parse(env().FEATURE_FLAGS)),
    emailProvider: env().EMAIL_PROVIDER,
  };
  return json(200, config);
});
