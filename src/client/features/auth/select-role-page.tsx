export function SelectRolePage() {
  return <h1>SelectRolePage</h1>;
}
