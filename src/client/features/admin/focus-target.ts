// Where focus goes after the library changes under it: the new item's Edit button after an add
// (the form that had focus emptied or closed), the list's heading after a delete (the row that had
// focus is gone). Without it focus fell to the page body and a keyboard user started over.
import { useEffect, useState } from "react";

type Target = { id: string; afterGone?: string };

/**
 * `focusLater({ id, afterGone })`: focus the element with id `id` as soon as it is on the page (the
 * list may still be refetching when an add resolves) and, with `afterGone`, once the element with
 * that id has left it (the deleted row). The confirm dialog gives focus back to the removed row's
 * button in a timer of its own when it unmounts, so ours runs in a later one.
 */
export function useFocusTarget(): (target: Target) => void {
  const [target, setTarget] = useState<Target | null>(null);
  useEffect(() => {
    if (target === null) return;
    if (target.afterGone && document.getElementById(target.afterGone)) return;
    const found = document.getElementById(target.id);
    if (!found) return;
    setTarget(null);
    setTimeout(() => found.focus(), 30);
  });
  return setTarget;
}

/** The ids the admin lists give their rows' Edit buttons, for the focus targets. */
export const editButtonId = (kind: "category" | "exercise", id: string) => `${kind}-edit-${id}`;
