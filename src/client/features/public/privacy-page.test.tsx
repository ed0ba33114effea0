// The privacy text must be true about where a student's code runs.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PrivacyPage } from "./privacy-page.tsx";

const text = () =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PrivacyPage />
    </MemoryRouter>,
  ).replace(/<[^>]+>/g, " ");

describe("privacy policy", () => {
  it("says submitted code also runs on our server, not only in the browser", () => {
    const page = text();
    expect(page).not.toMatch(/runs inside your own browser, not on/);
    expect(page).toMatch(/submit[^.]*runs it on our server/i);
  });
});
