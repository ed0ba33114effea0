// Work handed in offline (decision 068), kept in this browser's IndexedDB until it is sent: an
// assignment's Submit Code, with the time it was made (the server keeps it if it can believe it:
// madeAtProblem), or an exercise's Save. Per user: a shared computer's next student neither sees
// nor sends another's queue.

export type HandInKind = "submission" | "exercise-save";

export type QueuedHandIn = {
  id: string;
  userId: string;
  /** Submit Code on an assignment, or Save on an exercise. */
  kind: HandInKind;
  /** The assignment's or the exercise's id. */
  targetId: string;
  code: string;
  /** When the button was pressed (ISO). */
  madeAt: string;
};

const DB_NAME = "pyclass-offline";
const STORE = "hand-ins";
const listeners = new Set<() => void>();

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

function changed() {
  for (const listener of listeners) listener();
}

export function subscribeHandIns(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function queueHandIn(item: Omit<QueuedHandIn, "id">): Promise<QueuedHandIn> {
  const queued = { ...item, id: crypto.randomUUID() };
  await transact("readwrite", (store) => store.put(queued));
  changed();
  return queued;
}

/** This user's queued hand-ins, oldest first. */
export async function queuedHandIns(userId: string): Promise<QueuedHandIn[]> {
  const all = await transact("readonly", (store) => store.getAll() as IDBRequest<QueuedHandIn[]>);
  return all.filter((h) => h.userId === userId).sort((a, b) => a.madeAt.localeCompare(b.madeAt));
}

export async function removeHandIn(id: string): Promise<void> {
  await transact("readwrite", (store) => store.delete(id));
  changed();
}
