import {
  Archive,
  BarChart3,
  BookOpen,
  ClipboardList,
  Code2,
  GraduationCap,
  LayoutDashboard,
  ScrollText,
  Settings,
  Users,
} from "lucide-react";
import { createBrowserRouter, Navigate } from "react-router";
import { adminOverviewRoutes, adminRoutes } from "./app/admin-routes.tsx";
import { RequireArea } from "./app/guards.tsx";
import { publicSiteRoutes, standaloneRoutes } from "./app/public-routes.tsx";
import { RouteError } from "./app/route-error.tsx";
import { type NavItem, Shell } from "./app/shell.tsx";
import { studentRoutes } from "./app/student-routes.tsx";
import { teacherRoutes } from "./app/teacher-routes.tsx";
import { PublicLayout } from "./features/public/public-layout.tsx";

const studentNav: NavItem[] = [
  { to: "/student/classes", label: "My Classes", icon: Users },
  { to: "/student/assignments", label: "Assignments", icon: ClipboardList },
  { to: "/student/exercises", label: "Exercises", icon: Code2, also: ["/student/exercise"] },
  { to: "/student/settings", label: "Settings", icon: Settings },
];

const teacherNav: NavItem[] = [
  { to: "/teacher/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/teacher/assignments", label: "Assignments", icon: ClipboardList },
  { to: "/teacher/exercises", label: "Exercises", icon: Code2, also: ["/teacher/exercise"] },
  { to: "/teacher/classes", label: "Classes", icon: Users },
  { to: "/teacher/insights", label: "Insights", icon: BarChart3 },
  { to: "/teacher/settings", label: "Settings", icon: Settings },
];

const adminNav: NavItem[] = [
  { to: "/admin", label: "Exercise Library", icon: BookOpen },
  { to: "/test", label: "Classes Overview", icon: Users },
  { to: "/admin/retention", label: "Data retention", icon: Archive },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText },
  { to: "/admin/settings", label: "Settings", icon: GraduationCap },
];

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: publicSiteRoutes,
      },
      ...standaloneRoutes,
      {
        path: "/student",
        element: (
          <RequireArea area="student">
            <Shell title="Student Dashboard" nav={studentNav} />
          </RequireArea>
        ),
        children: studentRoutes,
      },
      {
        path: "/teacher",
        element: (
          <RequireArea area="teacher">
            <Shell title="Teacher Dashboard" nav={teacherNav} />
          </RequireArea>
        ),
        children: teacherRoutes,
      },
      {
        path: "/admin",
        element: (
          <RequireArea area="admin">
            <Shell title="PyClass Admin" nav={adminNav} />
          </RequireArea>
        ),
        children: adminRoutes,
      },
      {
        // The admins' overview of every class (the original app's /test page).
        path: "/test",
        element: (
          <RequireArea area="admin">
            <Shell title="PyClass Admin" nav={adminNav} />
          </RequireArea>
        ),
        children: adminOverviewRoutes,
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
