/**
 * msw 3 declares Node >= 22.12 and calls three of its additions: Promise.withResolvers (the
 * interceptor) and Set's intersection and difference (resetting handlers). The project supports
 * Node 20 (package.json engines), so the tests add exactly these three when they are missing.
 */
if (!('withResolvers' in Promise)) {
  Object.defineProperty(Promise, 'withResolvers', {
    value<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

const setMethods: Record<string, (this: Set<unknown>, other: ReadonlySet<unknown>) => Set<unknown>> = {
  intersection(other) {
    return new Set([...this].filter((value) => other.has(value)));
  },
  difference(other) {
    return new Set([...this].filter((value) => !other.has(value)));
  },
};
for (const [name, value] of Object.entries(setMethods))
  if (!(name in Set.prototype))
    Object.defineProperty(Set.prototype, name, { value, configurable: true, writable: true });

export {};
