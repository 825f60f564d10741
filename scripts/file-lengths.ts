/**
 * File lengths: run by `npm run lint`, it fails when a hand-written source file is longer than
 * MAX_LINES, naming each, so that every module stays small enough to read in one sitting. Files a
 * command writes (the compiled mail plans, whose first comment says so) are left out, and so is
 * test/. It also prints the largest file and the longest function (any function-like node with a
 * body, measured from its first to its last line by the TypeScript compiler's own parser), the two
 * figures to watch before a file needs splitting. Decision 0061 says why 400.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The most lines a hand-written source file may have. */
export const MAX_LINES = 400;

/** The hand-written source trees: all the code that ships or runs the product (test/ is left out). */
export const CHECKED_DIRS = ['lambdas', 'shared', 'lib', 'web/src', 'scripts', 'bin'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'public', 'cdk.out']);
const SOURCE = /\.tsx?$/;

/** Every .ts and .tsx file under `dirs` (relative to `root`), as paths relative to `root`. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(relative);
      } else if (SOURCE.test(entry.name)) out.push(relative);
    }
  };
  for (const dir of dirs) walk(dir);
  return out.sort();
}

/** Lines as `wc -l` counts them, plus a last line that has no newline after it. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/**
 * Written by a command, not by hand: the file's opening comment begins "Generated" (or
 * "@generated") or says not to edit it, as `npm run mail:plans` heads the plans it compiles. A
 * comment that only mentions something generated (shared/sitePaths.ts) does not count.
 */
export function isGenerated(text: string): boolean {
  const header = ts.getLeadingCommentRanges(text, 0) ?? [];
  return header.some(({ pos, end }) => {
    const comment = text.slice(pos, end);
    return /^\/[/*]+\s*@?generated\b/i.test(comment) || /\bdo not edit\b/i.test(comment);
  });
}

export interface FileLength {
  file: string;
  lines: number;
}

/** The files over `max` lines, longest first. */
export function tooLong(files: readonly FileLength[], max = MAX_LINES): FileLength[] {
  return files.filter((f) => f.lines > max).sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
}

export interface FunctionLength {
  /** The function's name, or the name it is assigned to; `(anonymous)` where it has neither. */
  name: string;
  file: string;
  /** Its first line, from 1. */
  line: number;
  lines: number;
}

/**
 * What a function is called: its own name (a constructor, its class's), or the variable, property or
 * JSX attribute it is given to.
 */
function functionName(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node))
    return `${node.parent.name?.getText(source) ?? '(class)'} constructor`;
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isJsxAttribute(parent)) &&
    parent.name
  ) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source);
    // describe('…', () => …), useCallback(() => …): named by its call and, where given, the first text.
    const label = parent.arguments.find(ts.isStringLiteralLike);
    return label ? `${callee}('${label.text}')` : `${callee}(…)`;
  }
  return '(anonymous)';
}

/** Every function-like node with a body in one file, with the lines it spans. */
export function functionLengths(file: string, text: string): FunctionLength[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const out: FunctionLength[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ name: functionName(node, source), file, line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The longest of `items` by lines (the first of equals), or none. */
export function longest<T extends { lines: number }>(items: Iterable<T>): T | undefined {
  let best: T | undefined;
  for (const item of items) if (!best || item.lines > best.lines) best = item;
  return best;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const lengths: FileLength[] = [];
  const functions: FunctionLength[] = [];
  let generated = 0;
  for (const file of sourceFiles(ROOT, CHECKED_DIRS)) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    if (isGenerated(text)) {
      generated++;
      continue;
    }
    lengths.push({ file, lines: lineCount(text) });
    functions.push(...functionLengths(file, text));
  }
  const ms = Math.round(performance.now() - started);
  const over = tooLong(lengths);
  for (const { file, lines } of over) {
    console.error(`${file}: ${lines} lines, over ${MAX_LINES}: split it by what its parts do.`);
  }
  const largest = longest(lengths);
  const fn = longest(functions);
  const summary = [
    largest && `the largest file is ${largest.file} (${largest.lines} lines)`,
    fn && `the longest function ${fn.name} at ${fn.file}:${fn.line} (${fn.lines} lines)`,
  ]
    .filter(Boolean)
    .join('; ');
  if (over.length > 0) {
    console.error(`${over.length} source file(s) over ${MAX_LINES} lines; ${summary}.`);
    process.exitCode = 1;
  } else {
    console.log(
      `${lengths.length} source files within ${MAX_LINES} lines (${generated} generated left out, ${ms} ms); ${summary}.`,
    );
  }
}
