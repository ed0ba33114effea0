// Contract of a teacher's privacy choice (decision 061): whether their e-mail address is shown to
// their students on their classes. The spec shows it, so that is the default.
import { z } from "zod";

export const TeacherPrivacy = z.object({ showEmailToStudents: z.boolean() });
export type TeacherPrivacy = z.output<typeof TeacherPrivacy>;
