import { describe, expect, it } from 'vitest';
import { PROTECTION } from '../protection';
import { createCooldown } from './cooldown';

describe('createCooldown', () => {
  it('lets the first detection act', () => {
    expect(createCooldown().tryAct(0)).toBe(true);
  });

  it(`holds every detection back for ${PROTECTION.cooldownMs} ms after one acted, then lets the next act`, () => {
    const cooldown = createCooldown();
    expect(cooldown.tryAct(1_000)).toBe(true);
    expect(cooldown.tryAct(1_001)).toBe(false);
    expect(cooldown.tryAct(1_000 + PROTECTION.cooldownMs - 1)).toBe(false);
    expect(cooldown.tryAct(1_000 + PROTECTION.cooldownMs)).toBe(true);
  });

  it('counts from the detection that acted, not from the ones it held back', () => {
    const cooldown = createCooldown();
    cooldown.tryAct(0);
    cooldown.tryAct(9_000);
    expect(cooldown.tryAct(10_000)).toBe(true);
  });

  it('takes another length when given one', () => {
    const cooldown = createCooldown(500);
    cooldown.tryAct(0);
    expect(cooldown.tryAct(499)).toBe(false);
    expect(cooldown.tryAct(500)).toBe(true);
  });
});
