// The app on a real socket (127.0.0.1, a free port), for tests that depend on the client's
// address: app.request() has no socket, so there the client is never loopback.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import type { AppEnv } from "../../src/server/types.ts";
import { TEST_ORIGIN } from "./test-app.ts";

export type ServedApp = Awaited<ReturnType<typeof serveApp>>;

export type BrowserRequestOptions = { body?: unknown; cookie?: string; headers?: Record<string, string> };

/** A JSON request to a server on a socket as a browser at `origin` sends it, with its cookie. */
export function browserRequest(
  baseUrl: string,
  origin: string,
  method: string,
  path: string,
  opts: BrowserRequestOptions = {},
) {
  const headers: Record<string, string> = { Origin: origin, ...opts.headers };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: "manual",
  });
}

export async function serveApp(app: Hono<AppEnv>) {
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
        resolve({ server: s, port: info.port }),
      );
    },
  );
  const url = `http://127.0.0.1:${port}`;

  /** A request as the browser on this computer would send it; `headers` may fake a proxy or a Host. */
  const request = (method: string, path: string, opts: BrowserRequestOptions = {}) =>
    browserRequest(url, TEST_ORIGIN, method, path, opts);

  /** fetch() always sends the real Host; this sends `host` as given (e.g. a DNS-rebinding name). */
  function requestWithHost(method: string, path: string, host: string, body?: unknown) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<{ status: number; json: () => unknown; setCookie: string[] }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          method,
          path,
          headers: {
            Host: host,
            Origin: TEST_ORIGIN,
            ...(payload ? { "Content-Type": "application/json" } : {}),
          },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              json: () => JSON.parse(text),
              setCookie: res.headers["set-cookie"] ?? [],
            }),
          );
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  function close() {
    return new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ("closeAllConnections" in server) server.closeAllConnections();
    });
  }

  return { url, request, requestWithHost, close };
}
