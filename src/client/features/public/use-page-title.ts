import { useEffect } from "react";

// Sets the browser tab title for a public page, so history and screen readers say where you are.
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | PyClass`;
  }, [title]);
}
