/** Thrown by a BoundedQueue that has no place left: the caller answers "busy" rather than wait. */
export class QueueFull extends Error {
  override readonly name = 'QueueFull';
}

export interface BoundedQueue {
  /**
   * Runs `task` when fewer than `concurrency` tasks are running, in arrival order; rejects at once
   * with QueueFull when `maxWaiting` tasks already wait.
   */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting now. */
  readonly running: number;
  readonly waiting: number;
}

/**
 * At most `concurrency` tasks at once, at most `maxWaiting` more waiting their turn (issue 32: the
 * server's speech engine). A few lines of our own: no queue library is a dependency of the server.
 */
export function createBoundedQueue(concurrency: number, maxWaiting: number): BoundedQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A task that ends hands its place to the first waiting one, or gives it back.
  const next = () => {
    const resume = waiting.shift();
    if (resume) resume();
    else running--;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new QueueFull('no place left in the queue');
        // The task that ends hands its place over: `running` already counts this one then.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await task();
      } finally {
        next();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
