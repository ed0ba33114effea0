// The one loading state for a page or a section while its data or code arrives.
export function Loading({ text = "Loading..." }: { text?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-slate-600">
      {text}
    </div>
  );
}
