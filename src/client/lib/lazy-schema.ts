/**
 * A schema built the first time anything reads it. The client build wraps each schema that `src/shared/schemas`
 * declares at its module's top level in one of these (scripts/vite-lazy-schemas.mjs), so loading the app builds
 * none of them: each is built when a response, a form or a stored value first needs it. Building every schema the
 * first screen imports took a few hundred milliseconds of a slow phone's main thread before the first paint.
 *
 * The stand-in forwards every read to the built schema, with the built schema as `this`, so methods, `instanceof`
 * and composition (`z.object({ alert: AlertSchema })`, `AlertSchema.extend(…)`) behave as with the schema itself.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key, schema()),
    set: (_, key, value) => Reflect.set(schema(), key, value, schema()),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // The stand-in's own target has no properties: a proxy may only report them as configurable.
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
