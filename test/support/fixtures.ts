/** Vitest fixtures and assertions around the local stack (one stack per test file). */
import { afterAll, beforeAll, expect } from 'vitest';
import type { LocalStackOptions } from '../../lib/local/stack.ts';
import { startTestStack, type TestStack } from './stack.ts';

type StackOptions = Partial<LocalStackOptions> | (() => Partial<LocalStackOptions>);

/**
 * The test file's stack. The returned object is filled in before the file's first test (so read it
 * in hooks and tests, never at the top level) and the stack stops after the last one. Hooks the file
 * registers after this call run once the stack is up.
 */
export function useTestStack(options: StackOptions = {}): TestStack {
  const stack = {} as TestStack;
  beforeAll(async () => {
    Object.assign(stack, await startTestStack(typeof options === 'function' ? options() : options));
  });
  afterAll(async () => {
    await stack.stop?.();
  });
  return stack;
}

/** A 400 from the API whose field errors include `fieldErrors` (the shared schema's messages). */
export function expectFieldErrors(
  response: { status: number; json?: Record<string, unknown> },
  fieldErrors: Record<string, string[]>,
): void {
  expect(response.status).toBe(400);
  expect(response.json?.fieldErrors).toMatchObject(fieldErrors);
}
