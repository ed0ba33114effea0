// Query keys of the teacher area in one place, so a change in one page refreshes the others
// (a new class updates the dashboard; a grade updates the progress table and Pending Reviews).
export const teacherKeys = {
  all: ["teacher"] as const,
  dashboard: () => ["teacher", "dashboard"] as const,
  classes: () => ["teacher", "classes"] as const,
  class: (id: string) => ["teacher", "classes", id] as const,
  assignments: () => ["teacher", "assignments"] as const,
  assignment: (id: string) => ["teacher", "assignments", id] as const,
  progress: (id: string) => ["teacher", "assignments", id, "progress"] as const,
  submissions: (id: string, studentId: string) =>
    ["teacher", "assignments", id, "submissions", studentId] as const,
};
