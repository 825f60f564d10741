import { parseFeatureFlags } from '../../../shared/flags.ts';
import { API } from '../../../shared/routes.ts';
import { env } from '../../runtime/env.ts';
import { route } from '../../features/account/route.ts';

/** Public, per-stage configuration for the SPA: feature flags, whether mail is sent, whether the DVLA look-up is on. */
export const handler = route(API.getConfig, async () => ({
  stage: env().STAGE,
  featureFlags: parseFeatureFlags(env().FEATURE_FLAGS),
  emailProvider: env().EMAIL_PROVIDER,
  vehicleLookup: Boolean(env().DVLA_API_URL),
}));
