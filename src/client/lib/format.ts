// Dates and times as a UK reader expects them.
const dateFmt = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const dateTimeFmt = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "5 Dec 2026" */
export const formatDate = (iso: string | Date) => dateFmt.format(new Date(iso));
/** "5 Dec 2026, 14:30" */
export const formatDateTime = (iso: string | Date) => dateTimeFmt.format(new Date(iso));
