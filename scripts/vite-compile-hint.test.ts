import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHint, COMPILE_HINT, firstDownloadChunks } from './vite-compile-hint.mjs';

describe('the compile hint on the first download', () => {
  it('marks the entry chunks and what they import statically, not what loads on demand', () => {
    const bundle = {
      'assets/index.js': { type: 'chunk', isEntry: true, imports: ['assets/react.js', 'assets/basics.js'] },
      'assets/react.js': { type: 'chunk', isEntry: false, imports: ['assets/runtime.js'] },
      'assets/basics.js': { type: 'chunk', isEntry: false, imports: ['assets/runtime.js'] },
      'assets/runtime.js': { type: 'chunk', isEntry: false, imports: [] },
      // Imported only with import(): a screen loaded when opened.
      'assets/journeys.js': { type: 'chunk', isEntry: false, imports: ['assets/basics.js'] },
      'assets/index.css': { type: 'asset' },
    };
    expect(firstDownloadChunks(bundle)).toEqual([
      'assets/basics.js',
      'assets/index.js',
      'assets/react.js',
      'assets/runtime.js',
    ]);
  });

  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('puts the hint on the first line once and moves the source map down by that line', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'compile-hint-'));
    const file = path.join(dir, 'index.js');
    writeFileSync(file, 'const a=1;\nexport{a};\n//# sourceMappingURL=index.js.map');
    writeFileSync(`${file}.map`, JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }));

    await addCompileHint(file);
    await addCompileHint(file);

    const code = readFileSync(file, 'utf8');
    expect(code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(code.split('\n').slice(1).join('\n')).toBe(
      'const a=1;\nexport{a};\n//# sourceMappingURL=index.js.map',
    );
    expect(JSON.parse(readFileSync(`${file}.map`, 'utf8'))).toMatchObject({ mappings: ';AAAA;AACA' });
  });
});
