/** What to tell the user about a failure: its own message, or a generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
}
