// Copies a short text (a class code) to the clipboard and says so; a refusal is said too.
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "./button.tsx";

type State = "idle" | "copied" | "failed";

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [state, setState] = useState<State>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={copy}
        aria-label={state === "copied" ? `Copied ${text}` : `${label} ${text}`}
      >
        {state === "copied" ? (
          <Check className="size-4" aria-hidden />
        ) : (
          <Copy className="size-4" aria-hidden />
        )}
        {state === "copied" ? "Copied" : label}
      </Button>
      <span role="status" className="text-xs text-slate-600">
        {state === "copied" && <span className="sr-only">Copied to the clipboard</span>}
        {state === "failed" && "Could not copy: select the code and copy it yourself."}
      </span>
    </span>
  );
}
