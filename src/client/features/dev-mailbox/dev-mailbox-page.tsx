export function DevMailboxPage() {
  return <h1>DevMailboxPage</h1>;
}
