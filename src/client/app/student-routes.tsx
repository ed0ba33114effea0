// The pages under /student (spec 01 §2: Student area), loaded on demand.
import { Navigate, type RouteObject } from "react-router";
import { lazyPage } from "./lazy-page.tsx";

const MyClassesPage = lazyPage(
  () => import("@/client/features/student/classes/my-classes-page.tsx"),
  "MyClassesPage",
);
const ClassDetailPage = lazyPage(
  () => import("@/client/features/student/classes/class-detail-page.tsx"),
  "StudentClassDetailPage",
);
const AssignmentsPage = lazyPage(
  () => import("@/client/features/student/assignments/assignments-page.tsx"),
  "StudentAssignmentsPage",
);
const WorkspacePage = lazyPage(
  () => import("@/client/features/student/workspace/assignment-workspace-page.tsx"),
  "AssignmentWorkspacePage",
);
const ExerciseBrowserPage = lazyPage(
  () => import("@/client/features/exercises/exercise-browser-page.tsx"),
  "ExerciseBrowserPage",
);
const ExerciseWorkspacePage = lazyPage(
  () => import("@/client/features/exercises/exercise-workspace-page.tsx"),
  "ExerciseWorkspacePage",
);
const SettingsPage = lazyPage(() => import("@/client/features/settings/settings-page.tsx"), "SettingsPage");

export const studentRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="classes" replace /> },
  { path: "classes", element: <MyClassesPage /> },
  { path: "classes/:classId", element: <ClassDetailPage /> },
  { path: "assignments", element: <AssignmentsPage /> },
  { path: "assignments/:assignmentId", element: <WorkspacePage /> },
  { path: "exercises", element: <ExerciseBrowserPage /> },
  { path: "exercise/:exerciseId", element: <ExerciseWorkspacePage /> },
  { path: "settings", element: <SettingsPage /> },
  { path: "*", element: <Navigate to="/student/classes" replace /> },
];
