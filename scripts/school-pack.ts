// Writes docs/schools/*.md from the school pack the /schools pages render (one text, two places).
import fs from "node:fs";
import { SCHOOL_PACK, toMarkdown } from "../src/client/features/schools/school-pack.ts";

const dir = new URL("../docs/schools/", import.meta.url);
fs.mkdirSync(dir, { recursive: true });
for (const doc of SCHOOL_PACK) fs.writeFileSync(new URL(`${doc.slug}.md`, dir), toMarkdown(doc));
console.log(`Wrote ${SCHOOL_PACK.length} documents to docs/schools/.`);
