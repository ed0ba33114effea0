// The plain-words privacy pieces other features show (sign-up, the privacy page).
export { PrivacySummary } from "./privacy-summary.tsx";
