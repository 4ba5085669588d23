import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createBackgroundTasks } from './background-tasks';

describe('background tasks', () => {
  const logger = (): FastifyBaseLogger & { error: ReturnType<typeof vi.fn> } =>
    ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

  it('runs work after the caller returns, and drain waits for it', async () => {
    const sut = createBackgroundTasks(logger());
    const done: string[] = [];
    sut.run('a', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push('a');
    });
    expect(done).toEqual([]);
    await sut.drain();
    expect(done).toEqual(['a']);
  });

  it('logs a failure without the e-mail address in it, and never throws', async () => {
    const log = logger();
    const sut = createBackgroundTasks(log);
    sut.run('mail', async () => {
      throw new Error('550 Recipient <jane.doe@example.com> rejected');
    });
    await sut.drain();
    expect(log.error).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(log.error.mock.calls[0]);
    expect(logged).toContain('[address]');
    expect(logged).not.toContain('jane.doe');
  });
});
