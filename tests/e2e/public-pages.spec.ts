// The public pages: key texts, top bar and footer links, the privacy table of contents, and the
// cross-origin isolation headers that the Python interpreter needs on every page.
import { expect, test } from "@playwright/test";

test("the landing page is served with cross-origin isolation headers", async ({ page }) => {
  const response = await page.goto("/");
  expect(response).not.toBeNull();
  const headers = response!.headers();
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["cross-origin-embedder-policy"]).toBe("require-corp");
  expect(await page.evaluate(() => window.crossOriginIsolated)).toBe(true);
});

test("the landing page shows the claims, pilot figures and calls to action", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("GCSE");
  for (const claim of [
    "Built-in Python interpreter",
    "Real-time feedback",
    "Automated grading",
    "Progress analytics",
    "Teacher dashboard",
  ]) {
    await expect(page.getByRole("heading", { name: claim })).toBeVisible();
  }
  await expect(page.getByText("No credit card needed.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "In our pilot schools" })).toBeVisible();
  for (const figure of ["500+", "50+", "5,000+", "98%"]) {
    await expect(page.locator("dd").getByText(figure, { exact: true })).toBeVisible();
  }
  await expect(page.getByText("success rate", { exact: true })).toBeVisible();
  // The lesson preview is plain text: no editor is loaded on the landing page.
  await expect(page.getByText('print(number, "is odd")')).toBeVisible();
  await expect(page.locator(".cm-editor")).toHaveCount(0);
});

// Issue 19 #1: the calls to action are for newcomers, so each opens sign-up's first step, not sign-in.
test("every Get Started, For Students and For Teachers button opens sign-up", async ({ page }) => {
  const buttons: { where: "main" | "nav" | "footer"; name: string; nth?: number }[] = [
    { where: "main", name: "Get Started", nth: 0 },
    { where: "main", name: "Get Started", nth: 1 },
    { where: "main", name: "For Teachers", nth: 0 },
    { where: "main", name: "For Teachers", nth: 1 },
    { where: "main", name: "For Students" },
    { where: "nav", name: "Get Started" },
    { where: "footer", name: "For Students" },
    { where: "footer", name: "For Teachers" },
  ];
  const region = { main: "main", nav: "navigation", footer: "contentinfo" } as const;
  for (const button of buttons) {
    await page.goto("/");
    const links = page.getByRole(region[button.where]).getByRole("link", { name: button.name, exact: true });
    await links.nth(button.nth ?? 0).click();
    await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
    await expect(page.getByText("Step 1 of 2: what should we call you?")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
  }
  // /auth alone is still sign-in, for people who have an account.
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
});

test("the top bar links lead to each public page", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const pages = [
    { link: "About", path: "/about", heading: "Helping every student learn to code" },
    { link: "Contact", path: "/contact", heading: "We’re here to help" },
    { link: "Privacy", path: "/privacy", heading: "Privacy Policy" },
    { link: "Terms", path: "/terms", heading: "Terms of Service" },
  ];
  for (const target of pages) {
    await nav.getByRole("link", { name: target.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${target.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.heading);
    await expect(nav.getByRole("link", { name: target.link, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
  await nav.getByRole("link", { name: "PyClass" }).click();
  await expect(page).toHaveURL(/\/$/);
  await nav.getByRole("link", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
});

// Spec 01 §2: the top bar has About, Contact, Privacy and Terms; on a phone too (issue 19 #15).
test("on a phone the top bar still shows Privacy and Terms, inside the screen", async ({ page }) => {
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["About", "Contact", "Privacy", "Terms", "Get Started"]) {
      const link = nav.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, `${name} at ${width} px`).toBeLessThanOrEqual(width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Terms" }).click();
  await expect(page).toHaveURL(/\/terms$/);
});

test("the footer has its links, and Contact Us only on the about page", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const name of ["For Students", "For Teachers", "Home", "Privacy Policy", "Terms of Service"]) {
    await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole("link", { name: "Contact Us" })).toHaveCount(0);
  await expect(footer.getByRole("link", { name: "For Teachers" })).toHaveAttribute(
    "href",
    "/auth?mode=sign-up",
  );

  await page.goto("/about");
  await footer.getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("the about page shows impact, values and a roadmap that is all planned", async ({ page }) => {
  await page.goto("/about");
  for (const label of ["active students", "teachers", "schools", "satisfaction"]) {
    await expect(page.locator("dt").getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.locator("dd").getByText("2+", { exact: true })).toBeVisible();
  const values = page.getByRole("region", { name: "What we believe" }).getByRole("heading", { level: 3 });
  await expect(values).toHaveCount(4);

  const items = page.getByTestId("roadmap-item");
  await expect(items).toHaveCount(5);
  const expected = [
    ["Q3 2025", "More languages"],
    ["Q1 2026", "AI code review"],
    ["Q2 2026", "Collaborative coding"],
    ["Q3 2026", "Mobile apps"],
    ["Q4 2026", "Global expansion"],
  ];
  for (const [index, [quarter, title]] of expected.entries()) {
    const item = items.nth(index);
    await expect(item).toContainText(quarter!);
    await expect(item.getByRole("heading", { name: title })).toBeVisible();
    await expect(item).toContainText("planned");
    expect(await item.getByRole("listitem").count()).toBeGreaterThan(0);
  }

  await page.getByRole("link", { name: "Share Your Ideas" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("the privacy table of contents scrolls to and highlights a section", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByText("Last updated December 2024")).toBeVisible();
  // Per feature, what each teacher page uses of students' data (issue 22), as the pages say it.
  const uses = page.getByRole("region", { name: "What each teacher page uses" });
  await expect(uses.getByRole("term")).toHaveText([
    "Teaching Insights",
    "Replay of how code was written",
    "Similarity report",
    "Live lesson",
  ]);
  const toc = page.getByRole("navigation", { name: "Contents" });
  const entries = toc.getByRole("link");
  await expect(entries).toHaveCount(10);

  const section = page.locator("section#your-rights");
  await expect(section).not.toBeInViewport();
  await toc.getByRole("link", { name: "Your rights" }).click();
  await expect(section).toHaveAttribute("data-highlighted", "true");
  await expect(section).toBeInViewport();
  await expect(toc.getByRole("link", { name: "Your rights" })).toHaveAttribute("aria-current", "location");
  await expect(page).toHaveURL(/#your-rights$/);
  await expect(section).toContainText("within 30 days");
  // The highlight fades after a moment; the table of contents entry stays marked.
  await expect(section).not.toHaveAttribute("data-highlighted", "true", { timeout: 5_000 });
  await expect(toc.getByRole("link", { name: "Your rights" })).toHaveAttribute("aria-current", "location");

  for (const text of [
    "registered in England and Wales",
    "never sell, rent or trade",
    "United Kingdom or the European Economic Area",
  ]) {
    await expect(page.getByRole("main").getByText(text)).toBeVisible();
  }
});

test("the terms page states the dates, age rule and legal contact", async ({ page }) => {
  await page.goto("/terms");
  await expect(page.getByText("Last updated July 2025")).toBeVisible();
  await expect(page.getByText("13 years old")).toBeVisible();
  await expect(page.getByText("verifiable consent from your parent, guardian or school")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Governing law" })).toBeVisible();
  await expect(page.locator("section#contact")).toContainText("5 business days");
});

test("the contact page shows channels, hours, FAQ, socials and an emergency contact", async ({ page }) => {
  await page.goto("/contact");
  for (const target of ["24 hours", "48 hours", "3 business days", "5 business days"]) {
    await expect(page.getByText(`We reply within ${target}`)).toBeVisible();
  }
  const hours = page.getByTestId("support-hours");
  await expect(hours).toContainText("Monday – Friday");
  await expect(hours).toContainText("9:00 AM – 6:00 PM");
  await expect(hours).toContainText("Saturday");
  await expect(hours).toContainText("10:00 AM – 4:00 PM");
  await expect(hours).toContainText("Sunday");
  await expect(hours).toContainText("Closed");
  await expect(page.getByText("All times are GMT.")).toBeVisible();

  const questions = page.locator("details > summary");
  await expect(questions).toHaveCount(4);
  const first = page.locator("details").first();
  await expect(first).not.toHaveAttribute("open", "");
  await questions.first().click();
  await expect(first).toHaveAttribute("open", "");

  await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
    "href",
    /^mailto:support@/,
  );
  await expect(page.getByRole("heading", { name: "Follow us" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Emergency contact" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Emergency contact" })).toContainText("999");
});
