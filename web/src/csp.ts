/**
 * Zod compiles object parsers with `new Function` where it may. The site's CSP allows no eval, and
 * zod's probe for it is reported as a CSP violation even though zod catches the refusal; `jitless`
 * skips the probe. Zod keeps its config on globalThis (shared by every copy of it) and lives in a
 * lazy chunk, so setting it here, first in main.tsx, costs the landing page no zod import.
 */
const zodHost = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHost.__zod_globalConfig ??= {}).jitless = true;

export {};
