// The GCSE programming content the exercise bank covers: one entry per teaching point, with where
// it sits in AQA 8525 and OCR J277. Exercises name the points they practise in `topics`; the
// coverage table (npm run exercises:check, docs/content.md) is built from this list.
export type GcsePoint = { label: string; aqa: string; ocr: string };

export const GCSE_POINTS = {
  "variables-constants": { label: "Variables, constants and assignment", aqa: "AQA 3.2.2", ocr: "OCR 2.2.1" },
  "data-types-casting": { label: "Data types and casting", aqa: "AQA 3.2.1", ocr: "OCR 2.2.2" },
  arithmetic: {
    label: "Arithmetic incl. integer division (DIV) and modulus (MOD)",
    aqa: "AQA 3.2.3",
    ocr: "OCR 2.2.1",
  },
  "relational-boolean": {
    label: "Relational and Boolean operators",
    aqa: "AQA 3.2.4–3.2.5",
    ocr: "OCR 2.2.1",
  },
  "input-output": { label: "Input and output", aqa: "AQA 3.2.7", ocr: "OCR 2.2.1" },
  selection: { label: "Selection (if, elif, else)", aqa: "AQA 3.2.2", ocr: "OCR 2.2.1" },
  "selection-nested": { label: "Nested selection", aqa: "AQA 3.2.2", ocr: "OCR 2.2.1" },
  "iteration-definite": {
    label: "Definite (count-controlled) iteration",
    aqa: "AQA 3.2.2",
    ocr: "OCR 2.2.1",
  },
  "iteration-indefinite": {
    label: "Indefinite (condition-controlled) iteration",
    aqa: "AQA 3.2.2",
    ocr: "OCR 2.2.1",
  },
  "iteration-nested": { label: "Nested iteration", aqa: "AQA 3.2.2", ocr: "OCR 2.2.1" },
  "string-handling": {
    label: "String handling: length, position, substring, concatenation, case",
    aqa: "AQA 3.2.8",
    ocr: "OCR 2.2.3",
  },
  "character-codes": { label: "Character codes (ord, chr)", aqa: "AQA 3.2.8", ocr: "OCR 2.2.3" },
  "string-conversion": {
    label: "Converting between strings and numbers",
    aqa: "AQA 3.2.8",
    ocr: "OCR 2.2.2",
  },
  random: { label: "Random number generation", aqa: "AQA 3.2.9", ocr: "OCR 2.2.3" },
  "lists-1d": { label: "One-dimensional lists (arrays)", aqa: "AQA 3.2.6", ocr: "OCR 2.2.3" },
  "lists-2d": { label: "Two-dimensional lists (arrays)", aqa: "AQA 3.2.6", ocr: "OCR 2.2.3" },
  records: { label: "Records and dictionaries", aqa: "AQA 3.2.6", ocr: "OCR 2.2.3" },
  procedures: { label: "Procedures and parameters", aqa: "AQA 3.2.10", ocr: "OCR 2.2.3" },
  functions: { label: "Functions and return values", aqa: "AQA 3.2.10", ocr: "OCR 2.2.3" },
  scope: { label: "Local and global scope", aqa: "AQA 3.2.10", ocr: "OCR 2.2.3" },
  validation: {
    label: "Validation: range, length, presence, type and format checks",
    aqa: "AQA 3.2.12",
    ocr: "OCR 2.3.1",
  },
  authentication: {
    label: "Authentication (username and password check)",
    aqa: "AQA 3.2.12",
    ocr: "OCR 2.3.1",
  },
  "file-handling": {
    label: "File handling: open, read, write, append, close",
    aqa: "AQA 3.2.2",
    ocr: "OCR 2.2.3",
  },
  "linear-search": { label: "Linear search", aqa: "AQA 3.1.3", ocr: "OCR 2.1.3" },
  "binary-search": { label: "Binary search", aqa: "AQA 3.1.3", ocr: "OCR 2.1.3" },
  "bubble-sort": { label: "Bubble sort", aqa: "AQA 3.1.4", ocr: "OCR 2.1.3" },
  "insertion-sort": { label: "Insertion sort", aqa: "AQA 3.1.4", ocr: "OCR 2.1.3" },
  "merge-sort": { label: "Merge sort", aqa: "AQA 3.1.4", ocr: "OCR 2.1.3" },
  tracing: { label: "Tracing: predict what a program prints", aqa: "AQA 3.1.1", ocr: "OCR 2.1.2" },
} as const satisfies Record<string, GcsePoint>;

export type GcsePointId = keyof typeof GCSE_POINTS;
export const GCSE_POINT_IDS = Object.keys(GCSE_POINTS) as GcsePointId[];
