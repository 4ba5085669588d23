import type { SourceMap } from 'magic-string';
import type { Plugin } from 'vite';

export function lazySchemaDeclarations(
  code: string,
  parse: (code: string) => { body: unknown[] },
  id: string,
): { code: string; map: SourceMap } | null;
export function lazySchemas(): Plugin;
