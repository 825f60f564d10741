/**
 * Lints a few lines as if they were a file at a path of the repository (the file need not exist;
 * what it imports does) with the repo's eslint.config.js, and reads the import-boundary rule's
 * errors: the lint-layers, lint-core and lint-store-faces tests' probe. The cycle rule is off (it
 * would parse every module an import reaches; test/unit/lint-boundaries.test.ts has its cases).
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BOUNDARY = 'import-x/no-restricted-paths';

/**
 * Loads ESLint once for the file (the config, its plugins and the TypeScript parser are most of the
 * time), before its cases, and gives the function that lints a probe with it.
 */
export function boundaryLinter(): (filePath: string, code: string) => Promise<string[]> {
  let eslint: ESLint;
  beforeAll(async () => {
    eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: `${ROOT}eslint.config.js`,
      overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
    });
    await eslint.lintText('export {};\n', { filePath: `${ROOT}shared/example.ts` });
  }, 30_000);
  return async (filePath, code) => {
    const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
    return result!.messages.filter((m) => m.ruleId === BOUNDARY).map((m) => m.message);
  };
}

/** A module that imports `name` from `specifier` and uses it. */
export const importing = (specifier: string, name: string) =>
  `import { ${name} } from '${specifier}';\nexport const used = ${name};\n`;
/** A module that imports only a type. */
export const importingType = (specifier: string, name: string) =>
  `import type { ${name} } from '${specifier}';\nexport type Used = ${name};\n`;
