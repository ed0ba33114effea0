// A deleted student's line in a teacher's grade book (decision 060): the grade stays, under a
// stand-in account with this name and an address that names no one and can receive nothing.
export const FORMER_STUDENT_NAME = "Former student";
export const FORMER_STUDENT_ROLE = "former";

const DOMAIN = "@deleted.invalid";

/** The stand-in's address: unique (the column is), and `.invalid` can never be delivered to. */
export const formerStudentEmail = (standInId: string) => `former-student-${standInId}${DOMAIN}`;

export const isFormerStudentEmail = (email: string) => email.endsWith(DOMAIN);

/** The e-mail column of a grade sheet or progress row: nothing for a former student. */
export const shownEmail = (email: string) => (isFormerStudentEmail(email) ? "" : email);
