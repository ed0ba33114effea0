import { CopyButton } from "@/client/components/ui/copy-button.tsx";

/** A class code in large monospace letters with its copy button. */
export function ClassCode({ code }: { code: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-sm text-slate-600">Class code</span>
      <code className="rounded-md bg-slate-100 px-2 py-1 font-mono text-base font-semibold tracking-widest text-slate-900">
        {code}
      </code>
      <CopyButton text={code} />
    </div>
  );
}
