// The pages under /admin, and the admins' overview of every class at /test (the original app's
// address), loaded on demand.
import { Navigate, type RouteObject } from "react-router";
import { lazyPage } from "./lazy-page.tsx";

const AdminDashboardPage = lazyPage(
  () => import("@/client/features/admin/admin-dashboard-page.tsx"),
  "AdminDashboardPage",
);
const ClassesOverviewPage = lazyPage(
  () => import("@/client/features/admin/classes-overview-page.tsx"),
  "ClassesOverviewPage",
);
const RetentionPage = lazyPage(() => import("@/client/features/admin/retention-page.tsx"), "RetentionPage");
const AuditLogPage = lazyPage(() => import("@/client/features/admin/audit-log-page.tsx"), "AuditLogPage");
const SettingsPage = lazyPage(() => import("@/client/features/settings/settings-page.tsx"), "SettingsPage");

export const adminRoutes: RouteObject[] = [
  { index: true, element: <AdminDashboardPage /> },
  { path: "retention", element: <RetentionPage /> },
  { path: "audit", element: <AuditLogPage /> },
  { path: "settings", element: <SettingsPage /> },
  { path: "*", element: <Navigate to="/admin" replace /> },
];

/** Under /test: the classes overview. */
export const adminOverviewRoutes: RouteObject[] = [{ index: true, element: <ClassesOverviewPage /> }];
