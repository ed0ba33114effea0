import {
  BarChart3,
  BookOpen,
  ClipboardList,
  Code2,
  GraduationCap,
  LayoutDashboard,
  Settings,
  Users,
} from "lucide-react";
import { createBrowserRouter, Navigate } from "react-router";
import { DashboardRedirect, RequireArea, RequireSession } from "./app/guards.tsx";
import { lazyPage } from "./app/lazy-page.tsx";
import { RouteError } from "./app/route-error.tsx";
import { type NavItem, Shell } from "./app/shell.tsx";
import { studentRoutes } from "./app/student-routes.tsx";
import { teacherRoutes } from "./app/teacher-routes.tsx";
import { LandingPage } from "./features/public/landing-page.tsx";
import { PublicLayout } from "./features/public/public-layout.tsx";

const AuthPage = lazyPage(() => import("./features/auth/auth-page.tsx"), "AuthPage");
const SelectRolePage = lazyPage(() => import("./features/auth/select-role-page.tsx"), "SelectRolePage");
const UpdatePasswordPage = lazyPage(
  () => import("./features/auth/update-password-page.tsx"),
  "UpdatePasswordPage",
);
const DevMailboxPage = lazyPage(
  () => import("./features/dev-mailbox/dev-mailbox-page.tsx"),
  "DevMailboxPage",
);
const SettingsPage = lazyPage(() => import("./features/settings/settings-page.tsx"), "SettingsPage");
const AboutPage = lazyPage(() => import("./features/public/about-page.tsx"), "AboutPage");
const ContactPage = lazyPage(() => import("./features/public/contact-page.tsx"), "ContactPage");
const PrivacyPage = lazyPage(() => import("./features/public/privacy-page.tsx"), "PrivacyPage");
const TermsPage = lazyPage(() => import("./features/public/terms-page.tsx"), "TermsPage");
const PlaygroundPage = lazyPage(() => import("./features/playground/playground-page.tsx"), "PlaygroundPage");
const AdminDashboardPage = lazyPage(
  () => import("./features/admin/admin-dashboard-page.tsx"),
  "AdminDashboardPage",
);
const ClassesOverviewPage = lazyPage(
  () => import("./features/admin/classes-overview-page.tsx"),
  "ClassesOverviewPage",
);

const studentNav: NavItem[] = [
  { to: "/student/classes", label: "My Classes", icon: Users },
  { to: "/student/assignments", label: "Assignments", icon: ClipboardList },
  { to: "/student/exercises", label: "Exercises", icon: Code2 },
  { to: "/student/settings", label: "Settings", icon: Settings },
];

const teacherNav: NavItem[] = [
  { to: "/teacher/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/teacher/assignments", label: "Assignments", icon: ClipboardList },
  { to: "/teacher/exercises", label: "Exercises", icon: Code2 },
  { to: "/teacher/classes", label: "Classes", icon: Users },
  { to: "/teacher/insights", label: "Insights", icon: BarChart3 },
  { to: "/teacher/settings", label: "Settings", icon: Settings },
];

const adminNav: NavItem[] = [
  { to: "/admin", label: "Exercise Library", icon: BookOpen },
  { to: "/test", label: "Classes Overview", icon: Users },
  { to: "/admin/settings", label: "Settings", icon: GraduationCap },
];

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: "/", element: <LandingPage /> },
          { path: "/about", element: <AboutPage /> },
          { path: "/privacy", element: <PrivacyPage /> },
          { path: "/terms", element: <TermsPage /> },
          { path: "/contact", element: <ContactPage /> },
        ],
      },
      { path: "/auth", element: <AuthPage /> },
      { path: "/update-password", element: <UpdatePasswordPage /> },
      { path: "/dev/mailbox", element: <DevMailboxPage /> },
      {
        path: "/select-role",
        element: (
          <RequireSession>
            <SelectRolePage />
          </RequireSession>
        ),
      },
      {
        path: "/playground",
        element: (
          <RequireSession>
            <PlaygroundPage />
          </RequireSession>
        ),
      },
      { path: "/dashboard", element: <DashboardRedirect /> },
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
        children: [
          { index: true, element: <AdminDashboardPage /> },
          { path: "settings", element: <SettingsPage /> },
          { path: "*", element: <Navigate to="/admin" replace /> },
        ],
      },
      {
        // The admins' overview of every class (the original app's /test page).
        path: "/test",
        element: (
          <RequireArea area="admin">
            <Shell title="PyClass Admin" nav={adminNav} />
          </RequireArea>
        ),
        children: [{ index: true, element: <ClassesOverviewPage /> }],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
