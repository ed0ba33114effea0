// Shares one read between the requests that ask for the same thing at the same moment, without
// ever answering with something read before the request arrived. While a read for a key runs,
// every new request for that key waits for ONE next read, which starts when the running one ends.
// So a burst of N identical requests costs about two reads instead of N, and each answer reflects
// the database after its request came in (a teacher sees their own new assignment at once):
// no time-to-live, nothing to invalidate, nothing stale.

type Slot<T> = { running: Promise<T>; queued: Promise<T> | null };

export function freshCoalescer<T>() {
  const slots = new Map<string, Slot<T>>();

  function watch(key: string, slot: Slot<T>) {
    const done = () => {
      if (slot.queued) {
        // Registered before the queued read's own start, so it is promoted first: requests from
        // now on wait for the read after it.
        slot.running = slot.queued;
        slot.queued = null;
        watch(key, slot);
      } else slots.delete(key);
    };
    slot.running.then(done, done);
  }

  return function read(key: string, work: () => Promise<T>): Promise<T> {
    const slot = slots.get(key);
    if (!slot) {
      const fresh: Slot<T> = { running: work(), queued: null };
      slots.set(key, fresh);
      watch(key, fresh);
      return fresh.running;
    }
    // Starts once the running read has ended, whether it succeeded or not.
    slot.queued ??= slot.running.then(work, work);
    return slot.queued;
  };
}
