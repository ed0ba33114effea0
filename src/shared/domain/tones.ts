/** Colour families for badges; text always carries the meaning too. */
export type BadgeTone = "slate" | "blue" | "green" | "yellow" | "red" | "purple";
