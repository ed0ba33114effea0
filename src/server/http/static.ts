// Serves the built SPA. Hashed assets are cached forever; a missing asset is a real 404 (not
// index.html, which would then be cached as immutable); every other GET gets index.html. Files
// have their Brotli and gzip forms beside them (`npm start` makes them), sent to clients that
// accept one (decision 069).
import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Env, Hono, MiddlewareHandler } from "hono";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Sets Cache-Control after the static handler ran (its onFound hook can't set headers). */
function cacheFor(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", value);
  };
}

export function mountStatic<E extends Env>(app: Hono<E>, clientDir: string) {
  const root = path.relative(process.cwd(), clientDir) || ".";
  const indexFile = path.join(clientDir, "index.html");
  app.use("/assets/*", cacheFor(IMMUTABLE), serveStatic({ root, precompressed: true }));
  app.all("/assets/*", (c) => c.text("Not found", 404));
  app.use("*", cacheFor("no-cache"), serveStatic({ root, precompressed: true }));
  app.get("*", (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text(
        "The web app has not been built yet: run `npm run build` (npm start does this for you).",
        503,
      );
    }
    c.header("Cache-Control", "no-cache");
    return c.html(fs.readFileSync(indexFile, "utf8"));
  });
}
