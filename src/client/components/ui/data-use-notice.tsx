// A one-line "how this page uses students' data" (issue 22: just-in-time notices), with the way to
// the privacy page and the retention periods. The words live in src/shared/domain/data-use.ts.
import { ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { DATA_USE, type DataUseFeature } from "@/shared/domain/data-use.ts";

export function DataUseNotice({ feature, className = "" }: { feature: DataUseFeature; className?: string }) {
  return (
    <p className={`flex items-start gap-2 text-xs text-slate-600 ${className}`} data-testid="data-use-notice">
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
      <span>
        <span className="font-medium text-slate-700">Students' data on this page: </span>
        {DATA_USE[feature]}{" "}
        <Link to="/privacy" className="underline underline-offset-2 hover:text-slate-900">
          Privacy
        </Link>
        {" · "}
        <Link to="/data-retention" className="underline underline-offset-2 hover:text-slate-900">
          How long we keep data
        </Link>
      </span>
    </p>
  );
}
