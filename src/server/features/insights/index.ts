// What other features read from insights: the one computation behind the dashboard's figures and
// the assignment page's test case performance.
export { caseResults } from "./insights.queries.ts";
export { dashboardFacts } from "./insights.service.ts";
