import { describe, expect, it } from 'vitest';
import { dataUrlBytes } from './resize-photo';

describe('dataUrlBytes', () => {
  it('counts the bytes a base64 data URL holds, padding excluded', () => {
    expect(dataUrlBytes(`data:image/jpeg;base64,${btoa('abc')}`)).toBe(3);
    expect(dataUrlBytes(`data:image/jpeg;base64,${btoa('abcd')}`)).toBe(4);
    expect(dataUrlBytes(`data:image/jpeg;base64,${btoa('abcde')}`)).toBe(5);
  });
});
