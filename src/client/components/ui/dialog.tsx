// An accessible modal (Radix): focus trap, Escape to close, labelled by its title, a visible way
// out (its own Cancel/Close, or `closeButton`), and focus back on the control that opened it. A dialog holding typed work (`dirty`) asks
// "Discard your changes?" before Escape, a click outside or the close button throws it away.
import { X } from "lucide-react";
import { Dialog as D } from "radix-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "./button.tsx";

export const DISCARD_QUESTION = "Discard your changes?";

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  wide = false,
  dirty = false,
  closeButton = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** For forms with several columns or long lists. */
  wide?: boolean;
  /** The dialog holds typed work: closing without its own Cancel asks first. */
  dirty?: boolean;
  /** A ✕ in the corner, for dialogs with no Cancel or Close button of their own. */
  closeButton?: boolean;
  children: ReactNode;
}) {
  const [confirming, setConfirming] = useState(false);
  // The control that had focus when the dialog opened gets it back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  if (open && opener.current === null && typeof document !== "undefined") {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  // Where the user was typing when we asked; "Keep editing" puts them back there.
  const resume = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!open) setConfirming(false);
  }, [open]);
  useEffect(() => {
    if (!confirming && resume.current) {
      if (resume.current.isConnected) resume.current.focus();
      resume.current = null;
    }
  }, [confirming]);

  /** Escape, a click outside or the close button: ask first when there is typed work. */
  function requestClose() {
    if (!dirty) return onOpenChange(false);
    if (!confirming)
      resume.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setConfirming(true);
  }

  return (
    <D.Root
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else requestClose();
      }}
    >
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <D.Content
          onEscapeKeyDown={(e) => {
            if (confirming) {
              // Escape on the question means "no, keep editing".
              e.preventDefault();
              setConfirming(false);
            }
          }}
          onCloseAutoFocus={(e) => {
            const back = opener.current;
            opener.current = null;
            if (back?.isConnected) {
              e.preventDefault();
              returnFocus(back);
            }
          }}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] ${wide ? "w-[min(94vw,52rem)]" : "w-[min(92vw,32rem)]"} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none`}
        >
          <div className="flex items-start justify-between gap-3">
            <D.Title className="text-lg font-semibold break-words text-slate-900">{title}</D.Title>
            {closeButton && (
              <button
                type="button"
                onClick={requestClose}
                aria-label="Close"
                className="-mt-1 -mr-2 grid size-9 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <X className="size-5" aria-hidden />
              </button>
            )}
          </div>
          {description ? (
            <D.Description className="mt-1 text-sm text-slate-600">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{title}</D.Description>
          )}
          {confirming && (
            <DiscardQuestion
              onKeep={() => setConfirming(false)}
              onDiscard={() => {
                resume.current = null;
                setConfirming(false);
                onOpenChange(false);
              }}
            />
          )}
          {/* Kept mounted while the question is asked, so "Keep editing" finds everything as it was. */}
          <div className="mt-4" hidden={confirming}>
            {children}
          </div>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/**
 * Focus the opener; if it cannot take focus yet (a button disabled while the action the dialog
 * confirmed runs, e.g. Submit Code), give it focus once it is enabled again, unless the user has
 * moved on by then.
 */
function returnFocus(el: HTMLElement) {
  el.focus();
  if (document.activeElement === el) return;
  const watch = new MutationObserver(() => {
    if (el.hasAttribute("disabled")) return;
    watch.disconnect();
    const active = document.activeElement;
    if (active === null || active === document.body) el.focus();
  });
  watch.observe(el, { attributes: true, attributeFilter: ["disabled"] });
  setTimeout(() => watch.disconnect(), 60_000);
}

function DiscardQuestion({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="font-medium text-slate-900">{DISCARD_QUESTION}</p>
      <p className="mt-1 text-sm text-slate-700">What you typed in this window will be lost.</p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onKeep} autoFocus>
          Keep editing
        </Button>
        <Button variant="danger" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </div>
  );
}
