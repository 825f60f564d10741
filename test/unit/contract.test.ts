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

const parsed = new Map<string, ts.SourceFile>();

/** Type errors in `files` when `edit` is applied to one file's text; everything else as on disk. */
function typeErrors(tsconfig: string, files: string[], edit: { file: string; from: string; to: string }) {
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
  // Parsed files are shared between the programs of this file: only the edited one is parsed anew.
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const text = host.readFile(fileName);
    const key = `${fileName}\0${text}`;
    let source = parsed.get(key);
    if (!source) {
      source = getSourceFile(fileName, languageVersion, ...rest);
      if (source) parsed.set(key, source);
    }
    return source;
  };
  const target = path.join(root, edit.file);
  const readFile = host.readFile.bind(host);
  let edited = false;
  host.readFile = (fileName) => {
    const text = readFile(fileName);
    if (text === undefined || path.resolve(fileName) !== target || !text.includes(edit.from)) return text;
    edited = true;
    return text.replace(edit.from, edit.to);
  };
  const program = ts.createProgram({
    rootNames: files.map((f) => path.join(root, f)),
    options: config.options,
    host,
  });
  // Only the named files are checked: their errors are the point, and it keeps the test fast.
  const diagnostics = files.flatMap((f) => {
    const source = program.getSourceFile(path.join(root, f));
    if (!source) throw new Error(`${f} is not in the program`);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  });
  // The edit must have applied, or the test would pass for the wrong reason.
  if (!edited) throw new Error(`${edit.file} no longer contains ${edit.from}`);
  return diagnostics
    .filter((d) => d.file)
    .map(
      (d) =>
        `${path.relative(root, d.file!.fileName)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
}

describe('a renamed response field', { timeout: 60_000 }, () => {
  const rename = {
    file: 'shared/routes.ts',
    from: 'returns<{ runs: CronRun[] }>',
    to: 'returns<{ items: CronRun[] }>',
  };

  it('typechecks as it stands', () => {
    expect(
      typeErrors('tsconfig.json', ['lambdas/api/adminCronRuns.ts'], { ...rename, to: rename.from }),
    ).toEqual([]);
  });

  it('fails the handler that still answers the old name', () => {
    const errors = typeErrors('tsconfig.json', ['lambdas/api/adminCronRuns.ts'], rename);
    expect(errors.some((e) => e.startsWith('lambdas/api/adminCronRuns.ts') && e.includes('items'))).toBe(
      true,
    );
  });

  it('fails the web code that still reads the old name', () => {
    const errors = typeErrors('web/tsconfig.json', ['web/src/features/admin/api/get-cron-runs.ts'], rename);
    expect(errors.join('\n')).toMatch(/^web\/src\/features\/admin\/api\/get-cron-runs\.ts: .*runs/m);
  });

  it('fails a handler renamed alone, against the contract', () => {
    const errors = typeErrors('tsconfig.json', ['lambdas/api/adminCronRuns.ts'], {
      file: 'lambdas/api/adminCronRuns.ts',
      from: 'runs: await',
      to: 'items: await',
    });
    expect(errors.join('\n')).toMatch(/^lambdas\/api\/adminCronRuns\.ts: .*runs/m);
  });
});
