// A row of headline figures. The caption says where the figures come from, so we never
// present pilot numbers as more than they are.
export type Stat = { value: string; label: string };

export function StatGrid({ stats, caption }: { stats: Stat[]; caption: string }) {
  return (
    <figure>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white px-4 py-6 text-center shadow-sm"
          >
            <dt className="mt-1 text-sm text-slate-600">{stat.label}</dt>
            <dd className="text-3xl font-bold text-brand-700 sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <figcaption className="mt-4 text-center text-sm text-slate-500">{caption}</figcaption>
    </figure>
  );
}
