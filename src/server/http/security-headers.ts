// Headers on every response. COOP + COEP make the page crossOriginIsolated, which Python's
// input() needs (SharedArrayBuffer); the CSP allows only our own origin, plus WebAssembly.
// Under https (PUBLIC_URL) browsers are also told to use https only (HSTS).
import type { MiddlewareHandler } from "hono";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** One year; no includeSubDomains: other school services may live on sibling hosts over http. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

export function securityHeaders({ https }: { https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    setSecurityHeaders(c.res.headers, https);
  };
}

function setSecurityHeaders(h: Headers, https: boolean) {
  if (https) h.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  h.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  h.set("Cross-Origin-Opener-Policy", "same-origin");
  h.set("Cross-Origin-Embedder-Policy", "require-corp");
  h.set("Cross-Origin-Resource-Policy", "same-origin");
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  h.delete("X-Powered-By");
}
