import { describe, expect, it } from "vitest";
import { fragmentLines, lineSpan, nameList, percent, sliderMinimum } from "./similarity-view.ts";

const pair = (similarity: number) => ({ similarity }) as never;

describe("the similarity page's sums", () => {
  it("rounds to whole percent", () => {
    expect(percent(0.9234)).toBe("92%");
    expect(percent(0.755)).toBe("76%");
  });

  it("lets the slider go down to the floor, or to the lowest pair sent when the list was cut", () => {
    expect(sliderMinimum({ floor: 0.3, pairs: [pair(0.9), pair(0.5)], pairsAboveFloor: 2 })).toBe(30);
    expect(sliderMinimum({ floor: 0.3, pairs: [pair(0.9), pair(0.612)], pairsAboveFloor: 900 })).toBe(62);
    expect(sliderMinimum({ floor: 0.3, pairs: [], pairsAboveFloor: 0 })).toBe(30);
  });

  it("marks each line with the fragments covering it", () => {
    const range = (startLine: number, endLine: number) => ({
      startLine,
      endLine,
      startColumn: 0,
      endColumn: 1,
    });
    const fragments = [
      { left: range(2, 4), right: range(10, 10), kgrams: 3 },
      { left: range(4, 5), right: range(1, 2), kgrams: 1 },
    ];
    expect([...fragmentLines(fragments, "left")]).toEqual([
      [2, [1]],
      [3, [1]],
      [4, [1, 2]],
      [5, [2]],
    ]);
    expect([...fragmentLines(fragments, "right")]).toEqual([
      [10, [1]],
      [1, [2]],
      [2, [2]],
    ]);
  });

  it("writes spans and lists of names as sentences", () => {
    expect(lineSpan(3, 3)).toBe("line 3");
    expect(lineSpan(3, 9)).toBe("lines 3–9");
    expect(nameList(["Ada"])).toBe("Ada");
    expect(nameList(["Ada", "Ben"])).toBe("Ada and Ben");
    expect(nameList(["Ada", "Ben", "Cara"])).toBe("Ada, Ben and Cara");
  });
});
