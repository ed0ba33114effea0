// One simulated person's browser over real HTTP: the session cookie it was given, the address it
// appears to come from, and the same JSON requests the React pages make, each timed and recorded
// under its route pattern.
import { type Samples, SIGN_IN } from "./samples.ts";

export type Answer = { status: number; body: unknown; retryAfterS: number | null };

export class Browser {
  private cookie = "";

  constructor(
    private readonly base: string,
    private readonly origin: string,
    private readonly samples: Samples,
    /** Sent as X-Forwarded-For (the instance must trust loopback); null: the socket's address. */
    private readonly address: string | null,
    private readonly signal: AbortSignal,
  ) {}

  get(route: string, path: string): Promise<Answer> {
    return this.call(route, "GET", path);
  }

  post(route: string, path: string, body: unknown): Promise<Answer> {
    return this.call(route, "POST", path, body);
  }

  /** Better Auth's sign-in; on success the session cookie is kept for every later request. */
  signIn(email: string, password: string): Promise<Answer> {
    return this.post(SIGN_IN, "/api/auth/sign-in/email", { email, password });
  }

  private async call(route: string, method: string, path: string, body?: unknown): Promise<Answer> {
    // The SPA sends same-origin requests: the Origin header is what the server's checks read.
    const headers: Record<string, string> = { Origin: this.origin };
    if (this.cookie) headers.Cookie = this.cookie;
    if (this.address) headers["X-Forwarded-For"] = this.address;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const started = performance.now();
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "manual",
        signal: this.signal,
      });
      const text = await res.text();
      const ms = performance.now() - started;
      const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
      if (cookies.length > 0) this.cookie = cookies.join("; ");
      const data = parse(text);
      this.samples.add({
        route,
        status: res.status,
        ms,
        at: started,
        code: res.ok ? undefined : errorCode(data),
      });
      const retryAfter = res.headers.get("retry-after");
      return { status: res.status, body: data, retryAfterS: retryAfter ? Number(retryAfter) : null };
    } catch (e) {
      // No answer at all (refused connection, reset, or cut off at the run's deadline).
      const code = this.signal.aborted ? "CUT_OFF_AT_DEADLINE" : e instanceof Error ? e.message : String(e);
      this.samples.add({ route, status: 0, ms: performance.now() - started, at: started, code });
      return { status: 0, body: null, retryAfterS: null };
    }
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The server's error code (ours: { error: { code } }; Better Auth's: { code }). */
function errorCode(data: unknown): string {
  const d = data as { code?: unknown; error?: { code?: unknown } } | null;
  const code = d?.error?.code ?? d?.code;
  return typeof code === "string" ? code : "";
}
