// Every public e-mail address and handle in one place, so changing one is a one-line edit.
// Response targets are the business constants of spec 01 §9.
export const emails = {
  support: "support@pyclass.app",
  general: "hello@pyclass.app",
  schools: "schools@pyclass.app",
  curriculum: "curriculum@pyclass.app",
  privacy: "privacy@pyclass.app",
  legal: "legal@pyclass.app",
  safety: "safety@pyclass.app",
} as const;

export const responseTargets = {
  support: "24 hours",
  general: "48 hours",
  schools: "3 business days",
  curriculum: "5 business days",
  legal: "5 business days",
  privacy: "30 days",
} as const;

export const socialHandles = [
  { network: "X (Twitter)", handle: "@PyClassUK" },
  { network: "Instagram", handle: "@pyclass.uk" },
  { network: "YouTube", handle: "@PyClassLearn" },
  { network: "LinkedIn", handle: "PyClass Ltd" },
] as const;
