import { describe, expect, it } from 'vitest';
import { classifyAlert } from './alert-outcome';

describe('classifyAlert', () => {
  it('says sent when every number was texted', () => {
    expect(classifyAlert({ successful: 2, total: 2 })).toBe('sent');
  });
  it('says partial when some were', () => {
    expect(classifyAlert({ successful: 1, total: 3 })).toBe('partial');
  });
  it('says failed when none were (or there was nobody)', () => {
    expect(classifyAlert({ successful: 0, total: 2 })).toBe('failed');
    expect(classifyAlert({ successful: 0, total: 0 })).toBe('failed');
  });
});
