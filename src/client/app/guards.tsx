// Route guards mirroring the server's (which alone decide): they only choose what to render.
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useMe, useSignOut } from "@/client/api/me.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";

const USER_NOT_FOUND = "User not found.";

/** A session whose account no longer exists: say so, and offer the way out. */
function UserNotFound() {
  const signOut = useSignOut();
  return (
    <main className="mx-auto max-w-md space-y-4 p-6">
      <Alert tone="error">{USER_NOT_FOUND}</Alert>
      <Button variant="secondary" onClick={() => signOut()}>
        Sign Out
      </Button>
    </main>
  );
}

import { canEnterArea, dashboardPath } from "@/shared/domain/roles.ts";

export function RequireSession({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (me.isError) return <UserNotFound />;
  if (!me.data) return <Navigate to="/auth" replace />;
  return <>{children}</>;
}

export function RequireArea({
  area,
  children,
}: {
  area: "student" | "teacher" | "admin";
  children: ReactNode;
}) {
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (me.isError) return <UserNotFound />;
  if (!me.data) return <Navigate to="/auth" replace />;
  // Spec: a wrong role is sent to /auth, which forwards a signed-in user to their own area.
  if (!canEnterArea(area, me.data.role)) return <Navigate to="/auth" replace />;
  return <>{children}</>;
}

export function DashboardRedirect() {
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (me.isError) return <UserNotFound />;
  return <Navigate to={dashboardPath(me.data ? { role: me.data.role } : null)} replace />;
}
