// Route guards mirroring the server's (which alone decide): they only choose what to render.
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useMe } from "@/client/api/me.ts";
import { Loading } from "@/client/components/ui/loading.tsx";
import { canEnterArea, dashboardPath } from "@/shared/domain/roles.ts";

export function RequireSession({ children }: { children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <Loading />;
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
  if (!me.data) return <Navigate to="/auth" replace />;
  // Spec: a wrong role is sent to /auth, which forwards a signed-in user to their own area.
  if (!canEnterArea(area, me.data.role)) return <Navigate to="/auth" replace />;
  return <>{children}</>;
}

export function DashboardRedirect() {
  const me = useMe();
  if (me.isPending) return <Loading />;
  return <Navigate to={dashboardPath(me.data ? { role: me.data.role } : null)} replace />;
}
