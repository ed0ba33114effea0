// Top bar and footer shared by the public pages (spec 01 §2).
import type { ReactNode } from "react";
import { Link, NavLink, Outlet, ScrollRestoration, useLocation } from "react-router";
import { ButtonLink } from "@/client/components/ui/button.tsx";
import { Logo } from "@/client/components/ui/logo.tsx";

/** Get Started, For Students and For Teachers open sign-up (/auth opens on sign-in; the role is chosen after). */
export const SIGN_UP_PATH = "/auth?mode=sign-up";

// All four stay in the bar on a phone too (spec 01 §2), in a row of their own there.
const topLinks = [
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
  { to: "/privacy", label: "Privacy" },
  { to: "/terms", label: "Terms" },
];

function topLinkClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-1.5 py-1 font-medium sm:px-2 transition-colors ${
    isActive ? "text-brand-700" : "text-slate-600 hover:text-slate-900"
  }`;
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">{children}</ul>
    </div>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link className="text-slate-600 hover:text-brand-700" to={to}>
        {children}
      </Link>
    </li>
  );
}

export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <nav
          aria-label="Main"
          className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-2 gap-y-1 px-4 py-2 sm:flex-nowrap sm:py-0"
        >
          <Logo compact />
          {/* On a phone the four links take a row of their own under the logo and Get Started. */}
          <div className="order-last flex w-full items-center justify-between text-sm sm:order-none sm:ml-auto sm:w-auto sm:justify-end sm:gap-3">
            {topLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={topLinkClass}>
                {link.label}
              </NavLink>
            ))}
          </div>
          <ButtonLink to={SIGN_UP_PATH} size="sm" className="whitespace-nowrap sm:ml-1">
            Get Started
          </ButtonLink>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <Logo />
            <p className="mt-3 max-w-xs text-sm text-slate-600">
              Learn and teach GCSE Python, right in the browser.
            </p>
          </div>
          <FooterColumn title="Get started">
            <FooterLink to={SIGN_UP_PATH}>For Students</FooterLink>
            <FooterLink to={SIGN_UP_PATH}>For Teachers</FooterLink>
          </FooterColumn>
          <FooterColumn title="PyClass">
            <FooterLink to="/">Home</FooterLink>
            {pathname === "/about" && <FooterLink to="/contact">Contact Us</FooterLink>}
          </FooterColumn>
          <FooterColumn title="Legal">
            <FooterLink to="/privacy">Privacy Policy</FooterLink>
            <FooterLink to="/terms">Terms of Service</FooterLink>
            <FooterLink to="/data-retention">How long we keep data</FooterLink>
            <FooterLink to="/schools">For schools</FooterLink>
          </FooterColumn>
        </div>
        <div className="border-t border-slate-200">
          <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-500">
            © {new Date().getFullYear()} PyClass Ltd, a company registered in England and Wales.
          </p>
        </div>
      </footer>
      <ScrollRestoration />
    </div>
  );
}
