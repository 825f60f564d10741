/**
 * The API contract is one fact: a response field renamed on one side fails typecheck on the other.
 * The type assertions below are checked by `npm run typecheck`; the compiler test proves the same
 * thing by compiling a renamed copy of the contract against the real handler and the real web code.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CronRun, Reminder, ReminderDetails } from '../../shared/api.ts';
import type { RequestOf, ResponseOf } from '../../shared/contract.ts';
import { API } from '../../shared/routes.ts';
import type { RouteRequest } from '../../lambdas/runtime/http.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('contract types', () => {
  it('derives response, request and handler types from the route', () => {
    expectTypeOf<ResponseOf<typeof API.adminCronRuns>>().toEqualTypeOf<{ runs: CronRun[] }>();
    expectTypeOf<ResponseOf<typeof API.adminCronRuns>>().not.toEqualTypeOf<{ items: CronRun[] }>();
    expectTypeOf<ResponseOf<typeof API.getReminder>>().toEqualTypeOf<ReminderDetails>();
    expectTypeOf<ResponseOf<typeof API.listReminders>>().toEqualTypeOf<{ reminders: Reminder[] }>();
    expectTypeOf<ResponseOf<typeof API.deleteReminder>>().toEqualTypeOf<undefined>();
    expectTypeOf<RequestOf<typeof API.getReminder>>().toEqualTypeOf<{ params: { id: string } }>();
    expectTypeOf<RouteRequest<typeof API.adminCronRuns>['query']>().toEqualTypeOf<{ limit: number }>();
    expectTypeOf<RouteRequest<typeof API.listReminders>['body']>().toEqualTypeOf<undefined>();
    expectTypeOf<RouteRequest<typeof API.getConfig>['caller']>().toExtend<object | undefined>();
    expect(API.adminCronRuns.name).toBe('adminCronRuns');
  });
});

/** A copy of a real file, with one text replaced, at a sibling path the compiler sees beside the real one. */
interface Copy {
  /** The real file, relative to the root. */
  of: string;
  /** The sibling the copy is at: the real name with this before `.ts`. */
  as: string;
  from: string;
  to: string;
}

const copyPath = (copy: Copy) => path.join(root, copy.of.replace(/\.ts$/, `.${copy.as}.ts`));

/**
 * Type errors in each of `files` (real files, or copies by their real name and `as`), from one program
 * for `tsconfig` that holds the real files as on disk and the edited copies beside them: one parse and
 * one checker for all the cases, instead of a program per case. Errors name the real file.
 */
function typeErrors(tsconfig: string, copies: Copy[], files: { file: string; as?: string }[]) {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, tsconfig),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  const host = ts.createCompilerHost(config.options);
  const virtual = new Map<string, string>();
  for (const copy of copies) {
    const text = ts.sys.readFile(path.join(root, copy.of));
    // The edit must apply, or a test would pass for the wrong reason.
    if (text === undefined || !text.includes(copy.from))
      throw new Error(`${copy.of} no longer contains ${copy.from}`);
    virtual.set(copyPath(copy), text.replace(copy.from, copy.to));
  }
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => virtual.get(path.resolve(fileName)) ?? readFile(fileName);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => virtual.has(path.resolve(fileName)) || fileExists(fileName);
  const pathOf = ({ file, as }: { file: string; as?: string }) =>
    as ? copyPath({ of: file, as, from: '', to: '' }) : path.join(root, file);
  const program = ts.createProgram({ rootNames: files.map(pathOf), options: config.options, host });
  const realName = (fileName: string) => {
    const copy = copies.find((c) => copyPath(c) === path.resolve(fileName));
    return copy ? copy.of : path.relative(root, fileName);
  };
  // Only the named files are checked: their errors are the point.
  return files.map((f) => {
    const source = program.getSourceFile(pathOf(f));
    if (!source) throw new Error(`${f.file} (${f.as ?? 'as on disk'}) is not in the program`);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]
      .filter((d) => d.file)
      .map((d) => `${realName(d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  });
}

/** Computed once, on first use (the first test pays for the program). */
function once<T>(compute: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: compute() }).v;
}

describe('a renamed response field', { timeout: 60_000 }, () => {
  const handler = 'lambdas/api/adminCronRuns.ts';
  const web = 'web/src/features/admin/api/get-cron-runs.ts';
  // The contract with the field renamed, and the handler and the web code reading that contract.
  const renamedAdmin: Copy = {
    of: 'shared/adminRoutes.ts',
    as: 'renamed',
    from: 'returns<{ runs: CronRun[] }>',
    to: 'returns<{ items: CronRun[] }>',
  };
  // The contract (which spreads the admin routes in) reading the renamed admin routes.
  const renamed: Copy = {
    of: 'shared/routes.ts',
    as: 'renamed',
    from: "from './adminRoutes.ts'",
    to: "from './adminRoutes.renamed.ts'",
  };
  const handlerOnRenamed: Copy = {
    of: handler,
    as: 'renamed',
    from: "from '../../shared/routes.ts'",
    to: "from '../../shared/routes.renamed.ts'",
  };
  const webOnRenamed: Copy = {
    of: web,
    as: 'renamed',
    from: "from '#shared/routes.ts'",
    to: "from '#shared/routes.renamed.ts'",
  };
  // The handler renamed alone, against the real contract.
  const handlerRenamed: Copy = { of: handler, as: 'alone', from: 'runs: await', to: 'items: await' };

  const lambdaErrors = once(() =>
    typeErrors(
      'tsconfig.json',
      [renamedAdmin, renamed, handlerOnRenamed, handlerRenamed],
      [{ file: handler }, { file: handler, as: 'renamed' }, { file: handler, as: 'alone' }],
    ),
  );
  const webErrors = once(() =>
    typeErrors(
      'web/tsconfig.json',
      [renamedAdmin, renamed, webOnRenamed],
      [{ file: web }, { file: web, as: 'renamed' }],
    ),
  );

  it('typechecks as it stands', () => {
    expect(lambdaErrors()[0]).toEqual([]);
  });

  it('typechecks the web code as it stands', () => {
    expect(webErrors()[0]).toEqual([]);
  });

  it('fails the handler that still answers the old name', () => {
    const errors = lambdaErrors()[1]!;
    expect(errors.some((e) => e.startsWith('lambdas/api/adminCronRuns.ts') && e.includes('items'))).toBe(
      true,
    );
  });

  it('fails the web code that still reads the old name', () => {
    const errors = webErrors()[1]!;
    expect(errors.join('\n')).toMatch(/^web\/src\/features\/admin\/api\/get-cron-runs\.ts: .*runs/m);
  });

  it('fails a handler renamed alone, against the contract', () => {
    const errors = lambdaErrors()[2]!;
    expect(errors.join('\n')).toMatch(/^lambdas\/api\/adminCronRuns\.ts: .*runs/m);
  });
});
