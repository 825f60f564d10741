import { parseFeatureFlags } from '../../shared/flags.ts';
import { API } from '../../shared/routes.ts';
import { env } from '../runtime/env.ts';
import { route } from '../runtime/http.ts';

/** Public, per-stage configuration for the SPA: feature flags and whether mail is sent. */
export const handler = route(API.getConfig, async () => ({
  stage: env().STAGE,
  featureFlags: parseFeatureFlags(env().FEATURE_FLAGS),
  emailProvider: env().EMAIL_PROVIDER,
}));
