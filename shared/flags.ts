/**
 * Feature flags, declared once with their defaults. A stage sets them in CDK context; the stack
 * passes them to the Lambdas as FEATURE_FLAGS; GET /api/config serves them to the SPA.
 */
import * as z from 'zod';

const flagsSchema = z.object({
  /** The admin dashboard's category and country breakdowns. */
  admin_dashboard_v1: z.boolean().default(true),
  /** The dashboard's call to action for the user's country (UK: the next energy price-cap date). */
  country_cta_v1: z.boolean().default(false),
});

export type FeatureFlags = z.output<typeof flagsSchema>;
export type FeatureFlagName = keyof FeatureFlags;

export const DEFAULT_FEATURE_FLAGS: Readonly<FeatureFlags> = Object.freeze(flagsSchema.parse({}));

/** Flags from a JSON string or object; unknown names and non-booleans throw a readable error. */
export function parseFeatureFlags(value: unknown): FeatureFlags {
  if (value === undefined || value === null || value === '') return { ...DEFAULT_FEATURE_FLAGS };
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('Feature flags must be a JSON object of booleans');
  }
  const flags: FeatureFlags = { ...DEFAULT_FEATURE_FLAGS };
  for (const [name, enabled] of Object.entries(parsed)) {
    if (!(name in DEFAULT_FEATURE_FLAGS)) throw new Error(`Unknown feature flag '${name}'`);
    if (typeof enabled !== 'boolean') throw new Error(`Feature flag '${name}' must be true or false`);
    flags[name as FeatureFlagName] = enabled;
  }
  return flags;
}

export const EMAIL_PROVIDERS = ['ses', 'disabled'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];
