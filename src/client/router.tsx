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
import { type ComponentType, lazy, Suspense } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { DashboardRedirect, Loading, RequireArea, RequireSession } from "./app/guards.tsx";
import { ComingSoon, type NavItem, Shell } from "./app/shell.tsx";
import { LandingPage } from "./features/public/landing-page.tsx";
import { PublicLayout } from "./features/public/public-layout.tsx";
import { teacherRoutes } from "./features/teacher/teacher-routes.tsx";

/** Every page but the landing page loads on demand, so the first visit stays light. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const Component = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
}

const AuthPage = () => page(() => import("./features/auth/auth-page.tsx"), "AuthPage");
const SelectRolePage = () => page(() => import("./features/auth/select-role-page.tsx"), "SelectRolePage");
const UpdatePasswordPage = () =>
  page(() => import("./features/auth/update-password-page.tsx"), "UpdatePasswordPage");
const DevMailboxPage = () =>
  page(() => import("./features/dev-mailbox/dev-mailbox-page.tsx"), "DevMailboxPage");
const SettingsPage = () => page(() => import("./features/settings/settings-page.tsx"), "SettingsPage");
const AboutPage = () => page(() => import("./features/public/about-page.tsx"), "AboutPage");
const ContactPage = () => page(() => import("./features/public/contact-page.tsx"), "ContactPage");
const PrivacyPage = () => page(() => import("./features/public/privacy-page.tsx"), "PrivacyPage");
const TermsPage = () => page(() => import("./features/public/terms-page.tsx"), "TermsPage");
const PlaygroundPage = () =>
  page(() => import("./features/playground/playground-page.tsx"), "PlaygroundPage");

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
  { to: "/admin/settings", label: "Settings", icon: GraduationCap },
];

export const router = createBrowserRouter([
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
    children: [
      { index: true, element: <Navigate to="classes" replace /> },
      { path: "classes", element: <ComingSoon title="My Classes" /> },
      { path: "assignments", element: <ComingSoon title="Assignments" /> },
      { path: "assignments/:assignmentId", element: <ComingSoon title="Assignment" /> },
      { path: "exercises", element: <ComingSoon title="Exercises" /> },
      { path: "exercise/:exerciseId", element: <ComingSoon title="Exercise" /> },
      { path: "settings", element: <SettingsPage /> },
      { path: "*", element: <Navigate to="/student/classes" replace /> },
    ],
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
        <Shell title="Admin Dashboard" nav={adminNav} />
      </RequireArea>
    ),
    children: [
      { index: true, element: <ComingSoon title="Manage premade exercises and categories" /> },
      { path: "settings", element: <SettingsPage /> },
      { path: "*", element: <Navigate to="/admin" replace /> },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
]);
