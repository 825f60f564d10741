/**
 * The import boundaries in eslint.config.js fail lint: each case lints a few lines as if they were a
 * file at `filePath` (the file need not exist; what it imports does) and reads the import rules' errors.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BOUNDARY = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

let eslint: ESLint;
// Loading the config, its plugins and the TypeScript parser is most of the time: once, before the cases.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText('export {};\n', { filePath: `${ROOT}shared/example.ts` });
}, 30_000);

/** The import rules' errors for `code` linted as the file at `filePath` (relative to the repo root). */
async function importErrors(filePath: string, code: string): Promise<{ ruleId: string; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return result!.messages
    .filter((m) => m.ruleId === BOUNDARY || m.ruleId === CYCLE)
    .map(({ ruleId, message }) => ({ ruleId: ruleId!, message }));
}

/** A module that imports `specifier` and uses it. */
const importing = (specifier: string, name: string) =>
  `import { ${name} } from '${specifier}';\nexport const used = ${name};\n`;

// The first lint to reach a part of the repo parses its modules for the cycle check (a second or so, more on a busy machine).
describe('forbidden imports fail lint', { timeout: 15_000 }, () => {
  it('lambdas/store never imports lambdas/features/engine or lambdas/mail', async () => {
    expect(
      await importErrors('lambdas/store/example.ts', importing('../features/engine/pacer.ts', 'Pacer')),
    ).toEqual([{ ruleId: BOUNDARY, message: expect.stringContaining('"../features/engine/pacer.ts"') }]);
    expect(
      await importErrors('lambdas/store/example.ts', importing('../mail/greeting.ts', 'greetingName')),
    ).toHaveLength(1);
  });

  it('the web never imports lambdas/ or lib/, statically or lazily', async () => {
    const fromLambdas = importing('../../../lambdas/runtime/env.ts', 'env');
    expect(await importErrors('web/src/utils/example.ts', fromLambdas)).toEqual([
      { ruleId: BOUNDARY, message: expect.stringContaining('lambdas/runtime/env.ts') },
    ]);
    const fromLib = `export const stack = () => import('../../lib/config.ts');\n`;
    expect(await importErrors('web/src/example.ts', fromLib)).toHaveLength(1);
  });

  it("a web feature never imports another feature's internal files", async () => {
    const internal = importing('../../reminders/components/ImportDialog.tsx', 'ImportDialog');
    expect(await importErrors('web/src/features/settings/components/Example.tsx', internal)).toEqual([
      { ruleId: BOUNDARY, message: expect.stringContaining('through its index.ts') },
    ]);
  });

  it('the CDK constructs (lib/*.ts) never import lambdas/', async () => {
    expect(
      await importErrors(
        'lib/example.ts',
        importing('../lambdas/features/engine/queue.ts', 'MAILS_PER_MESSAGE'),
      ),
    ).toEqual([
      { ruleId: BOUNDARY, message: expect.stringContaining('"../lambdas/features/engine/queue.ts"') },
    ]);
  });

  it('lambdas/runtime imports no feature code, and shared/ nothing of web, lambdas or lib', async () => {
    expect(
      await importErrors('lambdas/runtime/example.ts', importing('../store/db.ts', 'tableName')),
    ).toHaveLength(1);
    expect(
      await importErrors('shared/example.ts', importing('../lambdas/runtime/env.ts', 'env')),
    ).toHaveLength(1);
  });

  it('an import cycle, through relative paths and the #shared subpath import alike', async () => {
    // batch.ts imports concurrency.ts; shared/schemas/account.ts imports locales.ts.
    const viaRelative = importing('./batch.ts', 'batchWriteAll');
    expect(await importErrors('lambdas/runtime/concurrency.ts', viaRelative)).toEqual([
      { ruleId: CYCLE, message: expect.stringContaining('cycle') },
    ]);
    const viaSubpath = importing('#shared/schemas/account.ts', 'countrySchema');
    expect(await importErrors('shared/locales.ts', viaSubpath)).toEqual([
      { ruleId: CYCLE, message: expect.stringContaining('cycle') },
    ]);
  });
});

describe('allowed imports pass', { timeout: 15_000 }, () => {
  it.each([
    ['lambdas/store/example.ts', importing('../runtime/concurrency.ts', 'forEachConcurrent')],
    ['lib/local/example.ts', importing('../../lambdas/features/engine/queue.ts', 'MAILS_PER_MESSAGE')],
    ['lib/example.ts', importing('../shared/senders.ts', 'SENDER_SETTINGS')],
    [
      'web/src/features/settings/components/Example.tsx',
      importing('../../reminders/index.ts', 'ImportDialog'),
    ],
    [
      'web/src/features/public/components/Example.tsx',
      importing('../../auth/landing.ts', 'usePublicSignedIn'),
    ],
    ['web/src/features/reminders/components/Example.tsx', importing('./ImportDialog.tsx', 'ImportDialog')],
    ['web/src/utils/example.ts', importing('#shared/brand.ts', 'PRODUCT_NAME')],
  ])('%s', async (filePath, code) => {
    expect(await importErrors(filePath, code)).toEqual([]);
  });
});
