// 'Use Premade Exercise': a searchable list of the built-in entries; choosing one hands it on.
import { Search } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/client/components/ui/badge.tsx";
import { type PremadeAssignment, searchPremade } from "@/shared/domain/premade-assignments.ts";

export function PremadePicker({ onPick }: { onPick: (premade: PremadeAssignment) => void }) {
  const [query, setQuery] = useState("");
  const id = useId();
  const results = searchPremade(query);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Search premade exercises
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-2.5 left-3 size-4 text-slate-400" aria-hidden />
        <input
          id={id}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Title, category or description"
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          autoFocus
        />
      </div>
      <p role="status" className="mt-2 text-xs text-slate-500">
        {results.length} {results.length === 1 ? "exercise" : "exercises"}
      </p>
      {results.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
          No premade exercises match "{query.trim()}".
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {results.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => onPick(p)}
                className="w-full rounded-lg border border-slate-200 p-4 text-left hover:border-brand-500 hover:bg-brand-50"
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{p.title}</span>
                  <Badge tone="green">{p.difficulty}</Badge>
                  <Badge tone="purple">{p.category}</Badge>
                </span>
                <span className="mt-1 block text-sm text-slate-600">{p.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
