// What the auth forms share while a visitor moves between them: the name from sign-up's first
// step, and the e-mail, which carries over between sign-in, forgot-password and the confirmation
// screens. A password is never shared: each form keeps its own and forgets it when it closes.
// Starting a sign-up is a new account, so it starts with no e-mail (startSignUp).
import { useState } from "react";

export interface AuthDraft {
  name: string;
  email: string;
  setName: (name: string) => void;
  setEmail: (email: string) => void;
}

export function useAuthDraft(): AuthDraft {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  return { name, email, setName, setEmail };
}

/** Sign in → sign up: the e-mail typed to sign in belongs to another account; the name stays. */
export function startSignUp(draft: AuthDraft): void {
  draft.setEmail("");
}
