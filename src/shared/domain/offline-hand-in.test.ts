import { describe, expect, it } from "vitest";
import { madeAtProblem, OFFLINE_HAND_IN_RULES } from "./offline-hand-in.ts";

const at = (iso: string) => new Date(iso);
const receivedAt = at("2026-11-26T10:30:00Z");
const firstEventAt = at("2026-11-26T09:00:00Z");
const { beforeFirstEventMs, aheadOfServerMs } = OFFLINE_HAND_IN_RULES;

describe("madeAtProblem", () => {
  it("believes a time between the work's first event and now", () => {
    expect(madeAtProblem(at("2026-11-26T10:00:00Z"), { receivedAt, firstEventAt })).toBeNull();
    expect(madeAtProblem(receivedAt, { receivedAt, firstEventAt })).toBeNull();
  });

  it("allows a few minutes either side for clocks that drift", () => {
    const early = new Date(firstEventAt.getTime() - beforeFirstEventMs);
    expect(madeAtProblem(early, { receivedAt, firstEventAt })).toBeNull();
    expect(madeAtProblem(new Date(early.getTime() - 1), { receivedAt, firstEventAt })).toBe(
      "before-the-work",
    );
    const ahead = new Date(receivedAt.getTime() + aheadOfServerMs);
    expect(madeAtProblem(ahead, { receivedAt, firstEventAt })).toBeNull();
    expect(madeAtProblem(new Date(ahead.getTime() + 1), { receivedAt, firstEventAt })).toBe("in-the-future");
  });

  it("believes no earlier time when the server never heard of the work", () => {
    expect(madeAtProblem(at("2026-11-26T10:29:00Z"), { receivedAt, firstEventAt: null })).toBe(
      "before-the-work",
    );
  });
});
