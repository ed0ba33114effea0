// Settings shared by students and teachers (spec 01 §2, spec 02 §2): name, e-mail, password reset;
// and everyone's own data rights (decisions 059, 060): download my data, sign out everywhere, delete.
import { Palette } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useMe, useUpdateMe } from "@/client/api/me.ts";
import { Alert } from "@/client/components/ui/alert.tsx";
import { Badge } from "@/client/components/ui/badge.tsx";
import { Button } from "@/client/components/ui/button.tsx";
import { Card } from "@/client/components/ui/card.tsx";
import { TextField, useFocusFirstError } from "@/client/components/ui/field.tsx";
import { Loading } from "@/client/components/ui/loading.tsx";
import { ApiError } from "@/client/lib/api.ts";
import { authClient } from "@/client/lib/auth-client.ts";
import { usePageTitle } from "@/client/lib/page-title.tsx";
import { isValidEmail, validateName } from "@/shared/domain/auth-rules.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { DeleteAccountCard } from "./delete-account-card.tsx";
import { EmailVisibilityCard } from "./email-visibility-card.tsx";
import { settingsLoadError, useFreshAccountRead } from "./load-error.ts";
import { MyDataCard } from "./my-data-card.tsx";
import { SettingsSection } from "./settings-section.tsx";
import { SignOutEverywhereCard } from "./sign-out-everywhere-card.tsx";

const SETTINGS_MESSAGES = {
  nameUpdated: "Name updated successfully!",
  emailUpdated: "Email update initiated. Please check your new email address for a confirmation link.",
  resetSent: "Password reset link sent to your email!",
  nameFailed: "Failed to update name.",
  emailFailed: "Failed to update email.",
  resetFailed: "Failed to send password reset link.",
} as const;

type Banner = { tone: "error" | "success"; text: string } | null;
type Editing = "name" | "email" | "password" | null;

export function SettingsPage() {
  usePageTitle("Settings");
  const me = useMe();
  const freshRead = useFreshAccountRead();
  const updateMe = useUpdateMe();
  const [editing, setEditing] = useState<Editing>(null);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  // A refused save marks the field being edited, described by the banner, and focuses it.
  const bannerId = useId();
  const { ref: sectionsRef, focusFirstError } = useFocusFirstError<HTMLDivElement>();

  if (me.isPending) return <Loading />;
  if (!me.data) {
    return <Alert tone="error">{settingsLoadError(me.error)}</Alert>;
  }
  const user = me.data;

  const open = (section: Editing) => {
    setBanner(null);
    setName(user.name);
    setEmail(user.email);
    setEditing(section);
  };
  // Cancel restores the saved values: the drafts are simply dropped.
  const cancel = () => {
    setName(user.name);
    setEmail(user.email);
    setEditing(null);
  };

  async function run(action: () => Promise<string>, fallback: string) {
    setBusy(true);
    setBanner(null);
    try {
      setBanner({ tone: "success", text: await action() });
      setEditing(null);
    } catch (e) {
      setBanner({ tone: "error", text: e instanceof Error && e.message ? e.message : fallback });
      focusFirstError();
    } finally {
      setBusy(false);
    }
  }

  const saveName = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      const invalid = validateName(name);
      if (invalid) throw new Error(invalid);
      try {
        await updateMe.mutateAsync({ name: name.trim() });
      } catch (err) {
        throw new Error(
          err instanceof ApiError && err.status < 500 ? err.message : SETTINGS_MESSAGES.nameFailed,
        );
      }
      return SETTINGS_MESSAGES.nameUpdated;
    }, SETTINGS_MESSAGES.nameFailed);
  };

  const saveEmail = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      if (!isValidEmail(email)) throw new Error("Please enter a valid email address.");
      if (email.trim().toLowerCase() === user.email.toLowerCase())
        throw new Error("That is already your email address.");
      const { error } = await authClient.changeEmail({ newEmail: email.trim(), callbackURL: "/dashboard" });
      if (error) {
        if (error.code === "SESSION_NOT_FRESH" || error.code === "SESSION_EXPIRED") {
          throw new Error("For your security, please sign out and sign in again before changing your email.");
        }
        throw new Error(error.message || SETTINGS_MESSAGES.emailFailed);
      }
      return SETTINGS_MESSAGES.emailUpdated;
    }, SETTINGS_MESSAGES.emailFailed);
  };

  const sendReset = () =>
    run(async () => {
      const { error } = await authClient.requestPasswordReset({
        email: user.email,
        redirectTo: "/update-password",
      });
      if (error) throw new Error(error.message || SETTINGS_MESSAGES.resetFailed);
      return SETTINGS_MESSAGES.resetSent;
    }, SETTINGS_MESSAGES.resetFailed);

  const invalidWhile = (section: Editing) =>
    banner?.tone === "error" && editing === section
      ? { "aria-invalid": true as const, "aria-describedby": bannerId }
      : {};

  const actions = (label: string) => (
    <div className="mt-3 flex gap-2">
      <Button type="submit" size="sm" busy={busy}>
        {label}
      </Button>
      <Button variant="secondary" size="sm" onClick={cancel} disabled={busy}>
        Cancel
      </Button>
    </div>
  );

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold">Settings</h1>
      {freshRead.isError && <Alert tone="error">{settingsLoadError(freshRead.error)}</Alert>}
      {banner && (
        <Alert tone={banner.tone} id={bannerId}>
          {banner.text}
        </Alert>
      )}

      <Card className="relative overflow-hidden p-6">
        <div className="pointer-events-none blur-[2px] select-none" aria-hidden>
          <div className="flex items-center gap-2 font-semibold">
            <Palette className="size-5" /> Theme
          </div>
          <p className="mt-1 text-sm text-slate-600">Choose light or dark mode and your editor colours.</p>
          <div className="mt-3 flex gap-2">
            <span className="h-10 w-20 rounded-lg border bg-white" />
            <span className="h-10 w-20 rounded-lg border bg-slate-800" />
          </div>
        </div>
        <div className="absolute inset-0 flex items-center justify-center">
          <Badge tone="purple">Coming Soon</Badge>
        </div>
      </Card>

      <Card className="p-6">
        <h3 className="text-lg font-semibold">Account Information</h3>
        <div className="mt-2" ref={sectionsRef}>
          <SettingsSection
            title="Full Name"
            fieldLabelled
            value={user.name}
            editing={editing === "name"}
            onEdit={() => open("name")}
          >
            <form onSubmit={saveName} noValidate>
              <TextField
                label="Full Name"
                {...invalidWhile("name")}
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoFocus
                maxLength={100}
              />
              {actions("Save")}
            </form>
          </SettingsSection>
          <SettingsSection
            title="Email Address"
            fieldLabelled
            value={user.email}
            editing={editing === "email"}
            onEdit={() => open("email")}
          >
            <form onSubmit={saveEmail} noValidate>
              <TextField
                label="Email Address"
                {...invalidWhile("email")}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoFocus
              />
              <p className="mt-2 text-xs text-slate-500">
                We will send a confirmation link to the new address; the change happens when you open it.
              </p>
              {actions("Save")}
            </form>
          </SettingsSection>
          <SettingsSection
            title="Password"
            value="••••••••"
            editLabel="Change"
            editing={editing === "password"}
            onEdit={() => open("password")}
          >
            <ChangePasswordForm
              onCancel={cancel}
              onDone={(text) => {
                setBanner({ tone: "success", text });
                setEditing(null);
              }}
            />
            <div className="mt-4 border-t border-slate-200 pt-3">
              <p className="text-sm text-slate-600">
                Forgotten your current password? We will e-mail a link to <strong>{user.email}</strong> where
                you can choose a new one.
              </p>
              <Button className="mt-2" variant="secondary" size="sm" onClick={sendReset} busy={busy}>
                Send reset link
              </Button>
            </div>
          </SettingsSection>
        </div>
      </Card>

      {user.role === "teacher" && <EmailVisibilityCard />}
      <MyDataCard />
      <SignOutEverywhereCard />
      <DeleteAccountCard email={user.email} role={user.role} />
    </div>
  );
}
