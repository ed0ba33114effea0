// Reading a server-sent event stream in API tests (the live lesson's and the student's streams):
// one reader, so both features' tests wait, time out and see a stream end the same way.

/**
 * Reads event names from a streamed response until `want` of them arrived, it ended (`done`), or
 * `timeoutMs` passed. The reader's lock is released, so the next call reads on from here; a partly
 * received event is dropped.
 */
export async function readEvents(res: Response, want: number, timeoutMs = 5000) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: string[] = [];
  let text = "";
  let done = false;
  const deadline = Date.now() + timeoutMs;
  while (events.length < want && Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, deadline - Date.now()))),
    ]);
    if (next === null) break;
    if (next.done) {
      done = true;
      break;
    }
    text += decoder.decode(next.value);
    const parts = text.split("\n\n");
    text = parts.pop() ?? "";
    for (const p of parts) {
      const name = /^event: (.*)$/m.exec(p)?.[1];
      if (name) events.push(name);
    }
  }
  reader.releaseLock();
  return { events, done };
}
