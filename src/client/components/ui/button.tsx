import { type ButtonHTMLAttributes, useLayoutEffect, useRef } from "react";
import { Link, type LinkProps } from "react-router";

type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "sm" | "md" | "lg";

// A disabled or busy button still reads at 4.5:1 ("Checking your code…" is read while it waits):
// pale fill and dark text instead of a faded fill under white (2.1:1), no hover change.
const variants: Record<Variant, string> = {
  primary:
    "bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-100 disabled:text-brand-700 disabled:hover:bg-brand-100",
  secondary:
    "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-500 disabled:hover:bg-white",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-500 disabled:hover:bg-transparent",
  danger:
    "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-100 disabled:text-red-800 disabled:hover:bg-red-100",
};
const sizes: Record<Size, string> = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
};

export function buttonClass(variant: Variant = "primary", size: Size = "md", extra = "") {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed ${variants[variant]} ${sizes[size]} ${extra}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  busy?: boolean;
};

export function Button({
  variant,
  size,
  busy,
  className = "",
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  // A button pressed by keyboard is usually disabled while its work runs (Run Tests, Submit Code),
  // and the browser then drops focus to the page body. Take it back when the work is done, unless
  // the user has moved on.
  const self = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  const off = Boolean(disabled || busy);
  useLayoutEffect(() => {
    if (off) {
      if (document.activeElement === self.current) hadFocus.current = true;
    } else if (hadFocus.current) {
      hadFocus.current = false;
      const active = document.activeElement;
      if (active === null || active === document.body) self.current?.focus();
    }
  }, [off]);
  return (
    <button
      ref={self}
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && (
        <span
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          aria-hidden
        />
      )}
      {children}
    </button>
  );
}

export function ButtonLink({
  variant,
  size,
  className = "",
  ...rest
}: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClass(variant, size, className)} {...rest} />;
}
