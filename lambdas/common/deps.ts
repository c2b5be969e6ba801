/**
 * How handlers build their dependencies: at module scope, once per container (never inside the
 * handler), from the shared clients of ./clients, and handed to the services as arguments so
 * tests pass fakes. A dependency reading a table that not every function importing the module is
 * granted (each route's function gets only its own tables) is declared the same way through
 * `onFirstUse`, so nothing reads an unset table name at import.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
