// Just-in-time notices (issue 22, the Children's code standard 4, "transparency"): where a teacher's
// page uses students' data, it says what it uses, who sees it and what is worked out — here, once,
// so the pages and the privacy page's per-feature list say the same thing. Nothing about a
// student is worked out automatically beyond what these pages show when a teacher opens them.
export type DataUseFeature = "insights" | "replay" | "similarity" | "live";

export const DATA_USE: Record<DataUseFeature, string> = {
  insights:
    "Worked out from your classes' hand-ins and test results each time you open this page. Only you see it; nothing about a student is stored or worked out in advance, and students never see a ranking.",
  replay:
    "Built from the activity record this student's workspace told them about (typing, runs, tests, pastes). Only their class's teacher can open it, and the record is deleted at the end of the school year.",
  similarity:
    "Compares your class's latest hand-ins when you open the report. Only you see it; no student sees a score, and nothing is recorded about a student because of it.",
  live: "Shows what students in this class are doing now, from the activity record they were told about. Only you see it, only while it is open; nothing new is recorded for it.",
};

/**
 * A student's own record of a library exercise (decision 072), in the words the exercise workspace
 * shows above the editor and What is recorded? repeats: no teacher owns a library exercise, so
 * nobody but the student reads it.
 */
export const EXERCISE_RECORD_NOTICE =
  "Your typing, runs, tests and saves here are recorded, so you can look back at your history and carry on from another computer. Only you can see it.";
