// Pages load on demand so the first visit stays light; Loading... shows while one arrives.
import { type ComponentType, lazy, Suspense } from "react";
import { Loading } from "@/client/components/ui/loading.tsx";

/** Makes a page component from a module export; call it once, at module level. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const Component = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return function LazyPage() {
    return (
      <Suspense fallback={<Loading />}>
        <Component />
      </Suspense>
    );
  };
}
