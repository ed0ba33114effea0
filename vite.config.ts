import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { MORE_STDLIB_FILE } from "./src/shared/grading/more-stdlib.mjs";
import { PYODIDE_BASE_PATH } from "./src/shared/grading/pyodide-version.ts";

/** `@/client/…`, `@/shared/…`: the same alias as tsconfig.json's paths. */
const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

const apiPort = process.env.API_PORT ?? "3000";

/**
 * The service worker (src/client/sw.ts, decision 068): precaches every built file and the
 * browser's Pyodide (versioned URLs: no revision, so the HTTP cache the page already filled is
 * used); no web manifest; registered by the page itself (features/offline), never in dev.
 */
const serviceWorker = VitePWA({
  strategies: "injectManifest",
  srcDir: "src/client",
  filename: "sw.ts",
  injectRegister: false,
  manifest: false,
  devOptions: { enabled: false },
  injectManifest: {
    globPatterns: ["**/*.{js,css,html,svg}"],
    globIgnores: ["**/*.br", "**/*.gz"],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    additionalManifestEntries: [
      "pyodide.mjs",
      "pyodide.asm.mjs",
      "pyodide.asm.wasm",
      "python_stdlib.zip",
      MORE_STDLIB_FILE,
      "pyodide-lock.json",
    ].map((file) => ({ url: `${PYODIDE_BASE_PATH}${file}`, revision: null })),
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker],
  resolve: { alias },
  build: { outDir: "dist/client", emptyOutDir: true, sourcemap: false },
  worker: { format: "es" },
  server: {
    port: 5173,
    proxy: { "/api": `http://localhost:${apiPort}`, "/pyodide": `http://localhost:${apiPort}` },
    headers: { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" },
  },
});
