/**
 * Resolves in a later task of the browser (a message to itself: no timer's 4 ms clamp), so that what
 * follows does not lengthen the task that awaits it: on a slow phone a task over 50 ms blocks a tap
 * (Lighthouse's TBT).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
