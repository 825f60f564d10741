/** The message of anything thrown, for logs and results. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
