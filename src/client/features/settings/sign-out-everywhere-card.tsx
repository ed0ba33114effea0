// "Sign out everywhere": every browser and device signed in to this account, this one too.
import { useState } from "react";
import { useNavigate } from "react-router";
import { useSignOutEverywhere } from "@/client/api/account.ts";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog.tsx";

export function SignOutEverywhereCard() {
  const [open, setOpen] = useState(false);
  const signOutEverywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">Signed-in devices</h2>
      <p className="mt-2 text-sm text-slate-700">
        Signed in on a school computer and forgot to sign out? Sign out of PyClass on every computer, phone
        and browser at once, this one too.
      </p>
      <div className="mt-4">
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
          Sign out everywhere
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out everywhere?"
        description="Every device signed in to your account is signed out, this one too. You can sign in again with your password."
        confirmLabel="Sign out everywhere"
        onConfirm={async () => {
          await signOutEverywhere();
          navigate("/auth", { replace: true });
        }}
      />
    </Card>
  );
}
