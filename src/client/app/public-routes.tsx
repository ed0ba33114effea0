// The pages outside the signed-in areas: the public site (inside its layout), sign-in and the
// pages a session needs before it has an area. Loaded on demand, except the landing page.
import type { RouteObject } from "react-router";
import { DashboardRedirect, RequireSession } from "@/client/app/guards.tsx";
import { lazyPage } from "@/client/app/lazy-page.tsx";
import { LandingPage } from "@/client/features/public/landing-page.tsx";

const AuthPage = lazyPage(() => import("@/client/features/auth/auth-page.tsx"), "AuthPage");
const SelectRolePage = lazyPage(
  () => import("@/client/features/auth/select-role-page.tsx"),
  "SelectRolePage",
);
const UpdatePasswordPage = lazyPage(
  () => import("@/client/features/auth/update-password-page.tsx"),
  "UpdatePasswordPage",
);
const ConfirmDeletionPage = lazyPage(
  () => import("@/client/features/auth/confirm-deletion-page.tsx"),
  "ConfirmDeletionPage",
);
const DevMailboxPage = lazyPage(
  () => import("@/client/features/dev-mailbox/dev-mailbox-page.tsx"),
  "DevMailboxPage",
);
const AboutPage = lazyPage(() => import("@/client/features/public/about-page.tsx"), "AboutPage");
const ContactPage = lazyPage(() => import("@/client/features/public/contact-page.tsx"), "ContactPage");
const PrivacyPage = lazyPage(() => import("@/client/features/public/privacy-page.tsx"), "PrivacyPage");
const TermsPage = lazyPage(() => import("@/client/features/public/terms-page.tsx"), "TermsPage");
const WhatIsRecordedPage = lazyPage(
  () => import("@/client/features/public/what-is-recorded-page.tsx"),
  "WhatIsRecordedPage",
);
const SchoolsPage = lazyPage(() => import("@/client/features/schools/schools-page.tsx"), "SchoolsPage");
const DataRetentionPage = lazyPage(
  () => import("@/client/features/schools/data-retention-page.tsx"),
  "DataRetentionPage",
);
const pack = () => import("@/client/features/schools/pack-document.tsx");
const DpiaPage = lazyPage(pack, "DpiaPage");
const ProcessorTermsPage = lazyPage(pack, "ProcessorTermsPage");
const SubProcessorsPage = lazyPage(pack, "SubProcessorsPage");
const WhereDataLivesPage = lazyPage(pack, "WhereDataLivesPage");
const BreachPage = lazyPage(pack, "BreachPage");
const AccessibilityPage = lazyPage(pack, "AccessibilityPage");
const PlaygroundPage = lazyPage(
  () => import("@/client/features/playground/playground-page.tsx"),
  "PlaygroundPage",
);

/** The public site, shown inside PublicLayout. */
export const publicSiteRoutes: RouteObject[] = [
  { path: "/", element: <LandingPage /> },
  { path: "/about", element: <AboutPage /> },
  { path: "/privacy", element: <PrivacyPage /> },
  { path: "/terms", element: <TermsPage /> },
  { path: "/what-is-recorded", element: <WhatIsRecordedPage /> },
  { path: "/contact", element: <ContactPage /> },
  { path: "/data-retention", element: <DataRetentionPage /> },
  { path: "/schools", element: <SchoolsPage /> },
  { path: "/schools/dpia", element: <DpiaPage /> },
  { path: "/schools/processor-terms", element: <ProcessorTermsPage /> },
  { path: "/schools/sub-processors", element: <SubProcessorsPage /> },
  { path: "/schools/where-data-lives", element: <WhereDataLivesPage /> },
  { path: "/schools/breach", element: <BreachPage /> },
  { path: "/schools/accessibility", element: <AccessibilityPage /> },
];

/** Pages with a layout of their own. */
export const standaloneRoutes: RouteObject[] = [
  { path: "/auth", element: <AuthPage /> },
  { path: "/update-password", element: <UpdatePasswordPage /> },
  { path: "/account/delete", element: <ConfirmDeletionPage /> },
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
];
