export function LandingPage() {
  return <h1 className="p-8 text-3xl font-bold">LandingPage</h1>;
}
