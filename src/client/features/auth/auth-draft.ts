// What the auth forms share while a visitor moves between them: the name from sign-up's first
// step, and the e-mail and password, which carry over from one form to the next.
import { useState } from "react";

export interface AuthDraft {
  name: string;
  email: string;
  password: string;
  setName: (name: string) => void;
  setEmail: (email: string) => void;
  setPassword: (password: string) => void;
}

export function useAuthDraft(): AuthDraft {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  return { name, email, password, setName, setEmail, setPassword };
}
