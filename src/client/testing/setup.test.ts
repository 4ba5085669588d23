import { describe, expect, it, vi } from 'vitest';

// What the client tests' setup (setup.ts) promises every test, whatever the tests before it did.
describe('the client tests’ setup', () => {
  it('still gives animation frames after a test faked setInterval and asked for one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    requestAnimationFrame(() => undefined);
    vi.useRealTimers();

    const time = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    expect(time).toBeGreaterThan(0);
  });
});
