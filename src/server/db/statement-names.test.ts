import { describe, expect, it } from 'vitest';
import { createStatementNames, isStalePreparedStatement } from './statement-names';

describe('prepared statement names', () => {
  it('gives a text the same name every time and another text another name', () => {
    const names = createStatementNames();
    const first = names.nameOf('SELECT 1');
    expect(first).toBeDefined();
    expect(names.nameOf('SELECT 1')).toBe(first);
    expect(names.nameOf('SELECT 2')).not.toBe(first);
  });

  it('names at most its limit of texts; the others run unnamed, the named ones keep their names', () => {
    const names = createStatementNames(2);
    const a = names.nameOf('SELECT 1');
    const b = names.nameOf('SELECT 2');
    expect(names.nameOf('SELECT 3')).toBeUndefined();
    expect([names.nameOf('SELECT 1'), names.nameOf('SELECT 2')]).toEqual([a, b]);
  });

  it('runs a forgotten text unnamed from then on', () => {
    const names = createStatementNames();
    expect(names.nameOf('SELECT 1')).toBeDefined();
    names.forget('SELECT 1');
    expect(names.nameOf('SELECT 1')).toBeUndefined();
  });

  it("recognises PostgreSQL's refusal of a statement whose table changed shape, and nothing else", () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    expect(isStalePreparedStatement(stale)).toBe(true);
    expect(isStalePreparedStatement(Object.assign(new Error('other'), { code: '0A000' }))).toBe(false);
    expect(isStalePreparedStatement(new Error('cached plan must not change result type'))).toBe(false);
    expect(isStalePreparedStatement(null)).toBe(false);
  });
});
