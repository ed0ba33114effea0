// Roles and where each one lands (spec 01 §2: /dashboard routing).
export const ROLES = ["pending", "student", "teacher", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const SELECTABLE_ROLES = ["student", "teacher"] as const;
export type SelectableRole = (typeof SELECTABLE_ROLES)[number];

export function normaliseRole(role: string | null | undefined): Role {
  return (ROLES as readonly string[]).includes(role ?? "") ? (role as Role) : "pending";
}

/** Where /dashboard sends a visitor: no session → /auth; pending → /select-role; else /{role}. */
export function dashboardPath(session: { role: string | null | undefined } | null): string {
  if (!session) return "/auth";
  const role = normaliseRole(session.role);
  if (role === "pending") return "/select-role";
  if (role === "student") return "/student/classes";
  if (role === "teacher") return "/teacher/dashboard";
  return "/admin";
}

/** Whether an area (`/student/*`, `/teacher/*`, `/admin`) may be shown to this role. */
export function canEnterArea(
  area: "student" | "teacher" | "admin",
  role: string | null | undefined,
): boolean {
  return normaliseRole(role) === area;
}
