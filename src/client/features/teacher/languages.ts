// Spec 02 §9's language options. Only Python can be chosen for now; the rest show as disabled.
export const LANGUAGE_OPTIONS = [
  { value: "python", label: "Python", available: true },
  { value: "javascript", label: "JavaScript (coming soon)", available: false },
  { value: "java", label: "Java (coming soon)", available: false },
  { value: "cpp", label: "C++ (coming soon)", available: false },
] as const;

const NAMES: Record<string, string> = {
  python: "Python",
  javascript: "JavaScript",
  java: "Java",
  cpp: "C++",
};

/** `python` → `Python`. */
export function languageLabel(language: string): string {
  return NAMES[language] ?? language;
}
