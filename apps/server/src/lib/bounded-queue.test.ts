import { describe, expect, it } from 'vitest';
import { createBoundedQueue, QueueFull } from './bounded-queue.js';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('bounded queue', () => {
  it('runs at most `concurrency` tasks, the waiting ones in arrival order, and refuses past `maxWaiting`', async () => {
    const queue = createBoundedQueue(2, 2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(QueueFull);

    gates[1]!.reject(new Error('engine failed'));
    await expect(runs[1]).rejects.toThrow('engine failed');
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all([runs[0], runs[2], runs[3]])).toEqual([0, 2, 3]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
    expect(await queue.run(async () => 'again')).toBe('again');
  });
});
