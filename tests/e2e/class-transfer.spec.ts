// Issue 22: a teacher transfers a class to another teacher by e-mail; nothing changes until the
// recipient, told by e-mail, accepts on their dashboard; then the class, its students and work are
// theirs and no longer the sender's. Axe runs on the offer form and on the offer at both widths.
import { expect, type Page, test } from "@playwright/test";
import { baseURL } from "../../playwright.config.ts";
import { signUpVerified } from "./helpers/auth.ts";
import { expectNoAxeViolations } from "./helpers/axe.ts";
import { linkFromMailbox } from "./helpers/mailbox.ts";

const headers = { Origin: baseURL };
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function axeAtBothWidths(page: Page, shot: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/class-transfer-${shot}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(WIDTHS[0]);
}

test("a teacher transfers a class and the recipient accepts", async ({ browser }) => {
  test.setTimeout(180_000);
  const sender = await (await browser.newContext()).newPage();
  const recipient = await (await browser.newContext()).newPage();
  const student = await (await browser.newContext()).newPage();
  await signUpVerified(sender, "teacher", "Ms Sender");
  const taker = await signUpVerified(recipient, "teacher", "Mr Taker");
  await signUpVerified(student, "student", "Sam Pupil");
  const klass = await (
    await sender.request.post("/api/classes", { headers, data: { name: "Year 9 Transfer" } })
  ).json();
  expect(
    (await student.request.post("/api/classes/join", { headers, data: { code: klass.joinCode } })).ok(),
  ).toBe(true);
  expect(
    (
      await sender.request.post("/api/assignments", {
        headers,
        data: {
          classId: klass.id,
          name: "Hello",
          testCases: [{ description: "Hi", input: "", expectedOutput: "hi" }],
        },
      })
    ).ok(),
  ).toBe(true);

  // The sender offers the class from its page.
  await sender.goto(`/teacher/classes/${klass.id}`);
  await expect(sender.getByRole("heading", { level: 1, name: "Year 9 Transfer" })).toBeVisible();
  await expect(sender.getByRole("heading", { name: "Transfer this class" })).toBeVisible();
  await axeAtBothWidths(sender, "form");
  await sender.getByLabel("The other teacher's e-mail address").fill("nobody@example.com");
  await sender.getByRole("button", { name: "Offer class" }).click();
  await expect(sender.getByText(/No teacher account uses that e-mail address/)).toBeVisible();
  await sender.getByLabel("The other teacher's e-mail address").fill(taker.email);
  await sender.getByRole("button", { name: "Offer class" }).click();
  await expect(
    sender.getByText("Offer sent to Mr Taker. Year 9 Transfer stays yours until they accept."),
  ).toBeVisible();
  await expect(sender.getByText(/Offered to Mr Taker/)).toBeVisible();

  // Until the recipient accepts, nothing changes: the class is still only the sender's.
  expect((await recipient.request.get(`/api/classes/${klass.id}`)).status()).toBe(404);

  // The recipient follows the e-mail to their dashboard, where the offer waits.
  const link = await linkFromMailbox(
    recipient.request,
    taker.email,
    /offers you the class "Year 9 Transfer"/,
  );
  await recipient.goto(link);
  const offers = recipient.getByRole("region", { name: "Classes offered to you" });
  await expect(offers.getByText(/Ms Sender offers you Year 9 Transfer \(1 student\)/)).toBeVisible();
  await axeAtBothWidths(recipient, "offer");
  await offers.getByRole("button", { name: "Accept Year 9 Transfer" }).click();
  await expect(recipient.getByText("Year 9 Transfer is now one of your classes.")).toBeVisible();

  // Now it is the recipient's, with its student; the sender no longer has it.
  await recipient.goto("/teacher/classes");
  await recipient.getByRole("link", { name: /Year 9 Transfer/ }).click();
  await expect(recipient.getByRole("heading", { level: 1, name: "Year 9 Transfer" })).toBeVisible();
  await expect(recipient.getByText("Sam Pupil")).toBeVisible();
  await sender.reload();
  await expect(sender.getByText("This class was not found, or it is not one of yours.")).toBeVisible();
  // The student's class now names the new teacher.
  await student.goto(`/student/classes/${klass.id}`);
  await expect(student.getByText(/Teacher: Mr Taker/)).toBeVisible();
});
