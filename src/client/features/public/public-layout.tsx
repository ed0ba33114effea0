// Top bar and footer shared by the public pages (spec 01 §2).
import { Link, Outlet, useLocation } from "react-router";
import { ButtonLink } from "../../components/ui/button.tsx";

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
      <span className="grid size-8 place-items-center rounded-lg bg-brand-600 font-mono text-sm text-white">
        py
      </span>
      PyClass
    </Link>
  );
}

export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <nav
          aria-label="Main"
          className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4"
        >
          <Logo />
          <div className="flex items-center gap-1 text-sm sm:gap-4">
            <Link className="rounded px-2 py-1 text-slate-700 hover:text-brand-700" to="/about">
              About
            </Link>
            <Link className="rounded px-2 py-1 text-slate-700 hover:text-brand-700" to="/contact">
              Contact
            </Link>
            <Link
              className="hidden rounded px-2 py-1 text-slate-700 hover:text-brand-700 sm:inline"
              to="/privacy"
            >
              Privacy
            </Link>
            <Link
              className="hidden rounded px-2 py-1 text-slate-700 hover:text-brand-700 sm:inline"
              to="/terms"
            >
              Terms
            </Link>
            <ButtonLink to="/auth" size="sm">
              Get Started
            </ButtonLink>
          </div>
        </nav>
      </header>
      <main className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-8 text-sm text-slate-600">
          <Link to="/auth">For Students</Link>
          <Link to="/auth">For Teachers</Link>
          <Link to="/">Home</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
          {pathname === "/about" && <Link to="/contact">Contact Us</Link>}
          <span className="ml-auto">
            © {new Date().getFullYear()} PyClass Ltd, registered in England and Wales
          </span>
        </div>
      </footer>
    </div>
  );
}
