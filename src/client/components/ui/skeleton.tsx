// Grey placeholder blocks shown while a list loads, with a "Loading..." text for screen readers.
export function SkeletonList({ rows = 3, className = "h-24" }: { rows?: number; className?: string }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading...</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={`animate-pulse rounded-xl bg-slate-200 ${className}`} />
      ))}
    </div>
  );
}
