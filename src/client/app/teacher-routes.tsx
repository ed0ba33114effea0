// The pages under /teacher (spec 02 §2: Teacher shell), loaded on demand (Insights brings
// Recharts, which no other page loads).
import { Navigate, type RouteObject } from "react-router";
import { lazyPage } from "./lazy-page.tsx";

const DashboardPage = lazyPage(
  () => import("@/client/features/teacher/dashboard/dashboard-page.tsx"),
  "TeacherDashboardPage",
);
const ClassesPage = lazyPage(
  () => import("@/client/features/teacher/classes/classes-page.tsx"),
  "ClassesPage",
);
const ClassDetailPage = lazyPage(
  () => import("@/client/features/teacher/classes/class-detail-page.tsx"),
  "ClassDetailPage",
);
const AssignmentsPage = lazyPage(
  () => import("@/client/features/teacher/assignments/assignments-page.tsx"),
  "AssignmentsPage",
);
const AssignmentDetailPage = lazyPage(
  () => import("@/client/features/teacher/assignments/assignment-detail-page.tsx"),
  "AssignmentDetailPage",
);
const StudentSubmissionsPage = lazyPage(
  () => import("@/client/features/teacher/assignments/student-submissions-page.tsx"),
  "StudentSubmissionsPage",
);
const SimilarityPage = lazyPage(
  () => import("@/client/features/teacher/similarity/similarity-page.tsx"),
  "SimilarityPage",
);
const ReplayPage = lazyPage(() => import("@/client/features/teacher/replay/replay-page.tsx"), "ReplayPage");
const LiveLessonPage = lazyPage(
  () => import("@/client/features/teacher/live/live-lesson-page.tsx"),
  "LiveLessonPage",
);
const LiveStudentPage = lazyPage(
  () => import("@/client/features/teacher/live/live-student-page.tsx"),
  "LiveStudentPage",
);
const HelpPage = lazyPage(() => import("@/client/features/teacher/help/help-page.tsx"), "HelpPage");
const ExerciseBrowserPage = lazyPage(
  () => import("@/client/features/exercises/exercise-browser-page.tsx"),
  "ExerciseBrowserPage",
);
const ExerciseWorkspacePage = lazyPage(
  () => import("@/client/features/exercises/exercise-workspace-page.tsx"),
  "ExerciseWorkspacePage",
);
const InsightsPage = lazyPage(
  () => import("@/client/features/teacher/insights/insights-page.tsx"),
  "InsightsPage",
);
const SettingsPage = lazyPage(() => import("@/client/features/settings/settings-page.tsx"), "SettingsPage");

export const teacherRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  { path: "dashboard", element: <DashboardPage /> },
  { path: "assignments", element: <AssignmentsPage /> },
  { path: "assignments/:assignmentId", element: <AssignmentDetailPage /> },
  { path: "assignments/:assignmentId/similarity", element: <SimilarityPage /> },
  { path: "assignments/:assignmentId/students/:studentId", element: <StudentSubmissionsPage /> },
  { path: "assignments/:assignmentId/students/:studentId/replay", element: <ReplayPage /> },
  { path: "exercises", element: <ExerciseBrowserPage /> },
  { path: "exercise/:exerciseId", element: <ExerciseWorkspacePage /> },
  { path: "classes", element: <ClassesPage /> },
  { path: "classes/:classId", element: <ClassDetailPage /> },
  { path: "classes/:classId/live", element: <LiveLessonPage /> },
  { path: "classes/:classId/live/:studentId", element: <LiveStudentPage /> },
  { path: "classes/:classId/help", element: <HelpPage /> },
  { path: "insights", element: <InsightsPage /> },
  { path: "settings", element: <SettingsPage /> },
  { path: "*", element: <Navigate to="/teacher/dashboard" replace /> },
];
