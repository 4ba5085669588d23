import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';

/**
 * Schemas built when first used, in the client build. A zod schema is an object graph built when its module is
 * evaluated, and the first screen imports the schemas of every answer, stored value and form it may ever check:
 * building them all took 230–390 ms of the main thread at Lighthouse's 4× slowdown, in the task that evaluates the
 * first download, before anything could paint. Most are first needed seconds later (an answer arriving after the
 * first paint) or never on that visit.
 *
 * So in the client build every `const XSchema = …` and `const xRule = …` at a module's top level (exported or not,
 * in `src/shared` and `src/client`) becomes `lazySchema(() => …)` (src/client/lib/lazy-schema.ts): a stand-in that
 * builds the schema the first time anything reads it. The source stays plain zod — the server, the tests and the
 * OpenAPI document use the schemas as written — and the `Schema`/`Rule` suffix is the convention that marks what
 * may be wrapped (a constant with either suffix must be a zod schema, not an array or a function). The wrapper is
 * marked pure, so the bundler drops a schema nothing in a chunk uses.
 */
const SOURCE_FILE = /[\\/]src[\\/](shared|client)[\\/].+\.tsx?$/;
const SCHEMA_NAME = /(Schema|Rule)$/;
const HELPER = fileURLToPath(new URL('../src/client/lib/lazy-schema.ts', import.meta.url));

/**
 * Wraps a module's top-level schema constants.
 *
 * @param {string} code the module as JavaScript (its TypeScript already removed)
 * @param {(code: string) => { body: any[] }} parse an ESTree parser
 * @param {string} id the module's path (for the source map)
 * @returns {{ code: string; map: import('magic-string').SourceMap } | null} null when it declares none
 */
export function lazySchemaDeclarations(code, parse, id) {
  const s = new MagicString(code);
  let wrapped = 0;
  for (const statement of parse(code).body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { id: name, init } of declaration.declarations) {
      if (name.type !== 'Identifier' || !SCHEMA_NAME.test(name.name) || !init) continue;
      s.appendLeft(init.start, '/* @__PURE__ */ __lazySchema(() => ');
      s.appendRight(init.end, ')');
      wrapped += 1;
    }
  }
  if (wrapped === 0) return null;
  s.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(HELPER)};\n`);
  return { code: s.toString(), map: s.generateMap({ hires: true, source: id }) };
}

/** The Vite plugin: `vite build` only (the dev server and the tests run the schemas as written). */
export function lazySchemas() {
  return {
    name: 'beacon:lazy-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!SOURCE_FILE.test(id) || id === HELPER) return null;
      return lazySchemaDeclarations(code, (text) => this.parse(text), id);
    },
  };
}
