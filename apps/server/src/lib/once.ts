/**
 * Makes a value once per process and shares the promise: every caller waits on the same work. A failure is
 * not kept, so the next call tries again (a transient error must not stick for the life of the process).
 */
export function onceAsync<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make().catch((e: unknown) => {
      value = undefined;
      throw e;
    });
    return value;
  };
}
