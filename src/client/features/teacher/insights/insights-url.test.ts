import { describe, expect, it } from "vitest";
import {
  effectiveClassId,
  filterBySearch,
  insightsHref,
  matchesSearch,
  readInsightsView,
  writeInsightsView,
} from "./insights-url.ts";

describe("insights view in the address", () => {
  it("reads the class filter and the search; absent means All Classes and no search", () => {
    expect(readInsightsView(new URLSearchParams(""))).toEqual({ classId: null, search: "" });
    expect(readInsightsView(new URLSearchParams("classId=c1&search=loops"))).toEqual({
      classId: "c1",
      search: "loops",
    });
    expect(readInsightsView(new URLSearchParams("classId="))).toEqual({ classId: null, search: "" });
  });

  it("writes a change and keeps the rest of the address", () => {
    const p = new URLSearchParams("classId=c1&search=loops&other=1");
    expect(writeInsightsView(p, { search: "lists" }).toString()).toBe("classId=c1&search=lists&other=1");
    expect(writeInsightsView(p, { classId: null }).toString()).toBe("search=loops&other=1");
    expect(writeInsightsView(p, { search: "" }).toString()).toBe("classId=c1&other=1");
    expect(p.toString()).toBe("classId=c1&search=loops&other=1");
  });

  it("round-trips: what is written reads back the same", () => {
    const view = { classId: "a b&c", search: 'Say "hi" & go' };
    expect(readInsightsView(writeInsightsView(new URLSearchParams(), view))).toEqual(view);
  });

  it("builds the links other pages use", () => {
    expect(insightsHref()).toBe("/teacher/insights");
    expect(insightsHref({ classId: "c1", search: "Even or Odd" })).toBe(
      "/teacher/insights?classId=c1&search=Even+or+Odd",
    );
  });

  it("a class that is not the teacher's counts as All Classes once the classes are known", () => {
    expect(effectiveClassId("c1", ["c1", "c2"])).toBe("c1");
    expect(effectiveClassId("gone", ["c1"])).toBe(null);
    expect(effectiveClassId("c1", undefined)).toBe("c1");
    expect(effectiveClassId(null, ["c1"])).toBe(null);
  });
});

describe("assignment search", () => {
  const rows = [
    { name: "Even or Odd", className: "10X Computing" },
    { name: "Loops practice", className: "11Y Computing" },
    { name: "Café menu", className: "10X Computing" },
  ];

  it("an empty or blank search keeps every row", () => {
    expect(filterBySearch(rows, "")).toEqual(rows);
    expect(filterBySearch(rows, "   ")).toEqual(rows);
  });

  it("matches any part of the name, ignoring case", () => {
    expect(filterBySearch(rows, "ODD").map((r) => r.name)).toEqual(["Even or Odd"]);
  });

  it("every word must match, in the assignment or its class", () => {
    expect(filterBySearch(rows, "loops 11y").map((r) => r.name)).toEqual(["Loops practice"]);
    expect(filterBySearch(rows, "loops 10x")).toEqual([]);
  });

  it("ignores accents", () => {
    expect(matchesSearch({ name: "Café menu" }, "cafe")).toBe(true);
    expect(matchesSearch({ name: "Cafe menu" }, "café")).toBe(true);
  });

  it("finds nothing for a word that is nowhere", () => {
    expect(filterBySearch(rows, "recursion")).toEqual([]);
  });
});
