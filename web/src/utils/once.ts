/**
 * `load`, run on the first call and its promise shared by the calls after; a failure is forgotten,
 * so the next call runs it again.
 */
export function onceUntilFailed<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
