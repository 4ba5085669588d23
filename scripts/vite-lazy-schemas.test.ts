import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { lazySchemaDeclarations } from './vite-lazy-schemas.mjs';

const parse = (code: string) => parseAst(code) as unknown as { body: unknown[] };

describe('schemas built when first used (the client build)', () => {
  it('wraps top-level schema and rule constants, exported or not, and nothing else', () => {
    const code = [
      "import { z } from 'zod';",
      "export const StatusSchema = z.enum(['open', 'closed']);",
      'const BaseSchema = z.object({ status: StatusSchema });',
      'export const phoneRule = z.string().min(3);',
      'export const STATUSES = StatusSchema.options;',
      'export const noBody = (description) => z.null().meta({ description });',
      'function local() { const InnerSchema = z.string(); return InnerSchema; }',
      'export let MutableSchema = z.string();',
    ].join('\n');
    const result = lazySchemaDeclarations(code, parse, 'src/shared/schemas/example.ts');
    const out = result!.code;
    expect(out).toContain(
      "export const StatusSchema = /* @__PURE__ */ __lazySchema(() => z.enum(['open', 'closed']));",
    );
    expect(out).toContain(
      'const BaseSchema = /* @__PURE__ */ __lazySchema(() => z.object({ status: StatusSchema }));',
    );
    expect(out).toContain('export const phoneRule = /* @__PURE__ */ __lazySchema(() => z.string().min(3));');
    // A constant read from a schema is not a schema; functions, inner scopes and `let` stay as written.
    expect(out).toContain('export const STATUSES = StatusSchema.options;');
    expect(out).toContain('export const noBody = (description) => z.null().meta({ description });');
    expect(out).toContain('const InnerSchema = z.string();');
    expect(out).toContain('export let MutableSchema = z.string();');
    expect(out.split('\n')[0]).toMatch(
      /^import \{ lazySchema as __lazySchema \} from ".*src\/client\/lib\/lazy-schema\.ts";$/,
    );
    expect(result!.map.mappings).not.toBe('');
  });

  it('leaves a module without schema constants untouched', () => {
    expect(lazySchemaDeclarations('export const LIMIT = 3;', parse, 'src/shared/constants.ts')).toBeNull();
  });
});
