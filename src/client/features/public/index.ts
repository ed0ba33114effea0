// What other features use of the public site: the coloured header band of an inner page.
export { PageHeader } from "./page-header.tsx";
