// /api/insights: teaching insights for the teacher's own classes (contract: src/shared/api/insights.ts).
import { Hono } from "hono";
import { currentUser, requireRole } from "@/server/auth/guards.ts";
import { csvFileName, csvResponse } from "@/server/http/csv.ts";
import type { AppEnv } from "@/server/types.ts";
import {
  DIFFICULTY_LABELS,
  formatPercent,
  INSIGHTS_TEXT,
  RISK_LABELS,
  strugglingAreaText,
} from "@/shared/domain/insights.ts";
import { getAssignmentDetail, getOverview, getStudentPerformance } from "./insights.service.ts";

const teacher = requireRole("teacher");
const classIdOf = (c: { req: { query: (k: string) => string | undefined } }) =>
  c.req.query("classId") || undefined;
const pct = (v: number | null) => (v === null ? INSIGHTS_TEXT.noData : formatPercent(v));
const date = (v: string | null) => v?.slice(0, 10) ?? "";

export const insightsRoutes = new Hono<AppEnv>()
  .get("/", teacher, async (c) => {
    const { db, now, config } = c.get("deps");
    return c.json(await getOverview(db, currentUser(c), classIdOf(c), now(), config.insightsCacheSeconds));
  })
  .get("/students/:studentId", teacher, async (c) => {
    const { db, now } = c.get("deps");
    return c.json(
      await getStudentPerformance(db, currentUser(c), c.req.param("studentId"), classIdOf(c), now()),
    );
  })
  .get("/assignments/:assignmentId", teacher, async (c) => {
    const { db, now } = c.get("deps");
    return c.json(await getAssignmentDetail(db, currentUser(c), c.req.param("assignmentId"), now()));
  })
  // The risk list: one row per (student, class, risk).
  .get("/risks.csv", teacher, async (c) => {
    const { db, now, config } = c.get("deps");
    const o = await getOverview(db, currentUser(c), classIdOf(c), now(), config.insightsCacheSeconds);
    const rows = [
      [
        "Student",
        "Email",
        "Class",
        "Risk",
        "Level",
        "Reason",
        "Average Score",
        "Completion",
        "Last Activity",
        "Struggling Areas",
      ],
      ...o.students.flatMap((s) =>
        (
          [
            ["Struggling", s.struggling],
            ["Falling Behind", s.fallingBehind],
          ] as const
        ).flatMap(([kind, risk]) =>
          risk
            ? [
                [
                  s.student.name,
                  s.student.email,
                  s.class.name,
                  kind,
                  RISK_LABELS[risk.level],
                  risk.reason,
                  pct(s.averageScore),
                  pct(s.completionRate),
                  date(s.lastActivity),
                  s.strugglingAreas.map(strugglingAreaText).join("; "),
                ],
              ]
            : [],
        ),
      ),
    ];
    const cls = o.classes.find((k) => k.id === o.classId);
    return csvResponse(c, csvFileName(cls?.name ?? "all-classes", "risk-list"), rows);
  })
  .get("/assignments.csv", teacher, async (c) => {
    const { db, now, config } = c.get("deps");
    const o = await getOverview(db, currentUser(c), classIdOf(c), now(), config.insightsCacheSeconds);
    const rows = [
      [
        "Assignment",
        "Class",
        "Due Date",
        "Students",
        "Submitted",
        "Submissions",
        "Average Attempts",
        "Failure Rate",
        "Average Score",
        "Difficulty Score",
        "Difficulty",
      ],
      ...o.assignments.map((a) => [
        a.name,
        a.class.name,
        date(a.dueDate),
        a.totalStudents,
        a.submittedStudents,
        a.submissionsCount,
        a.averageAttempts === null ? INSIGHTS_TEXT.noData : Number(a.averageAttempts.toFixed(2)),
        pct(a.failureRate),
        pct(a.averageScore),
        a.difficultyScore === null ? INSIGHTS_TEXT.noData : Number(a.difficultyScore.toFixed(2)),
        a.difficulty ? DIFFICULTY_LABELS[a.difficulty] : INSIGHTS_TEXT.noData,
      ]),
    ];
    const cls = o.classes.find((k) => k.id === o.classId);
    return csvResponse(c, csvFileName(cls?.name ?? "all-classes", "assignment-monitor"), rows);
  });
