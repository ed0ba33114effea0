import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** `@/client/…`, `@/shared/…`: the same alias as tsconfig.json's paths. */
const alias = { "@": fileURLToPath(new URL("./src", import.meta.url)) };

const apiPort = process.env.API_PORT ?? "3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  build: { outDir: "dist/client", emptyOutDir: true, sourcemap: false },
  worker: { format: "es" },
  server: {
    port: 5173,
    proxy: { "/api": `http://localhost:${apiPort}`, "/pyodide": `http://localhost:${apiPort}` },
    headers: { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" },
  },
});
