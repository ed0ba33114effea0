// The literal-\n rule for starter code (spec 02 §5) must never touch a real escape inside a
// Python string literal.
import { describe, expect, it } from "vitest";
import { expandStarterCode } from "./compare.ts";

describe("expandStarterCode", () => {
  it("turns literal \\n between statements into line breaks", () => {
    expect(expandStarterCode("name = input()\\nprint(name)")).toBe("name = input()\nprint(name)");
    expect(expandStarterCode("# Your code here\\nx = 1")).toBe("# Your code here\nx = 1");
    expect(expandStarterCode("no breaks")).toBe("no breaks");
  });

  it("keeps \\n escapes inside string literals", () => {
    expect(expandStarterCode('print("a\\nb")')).toBe('print("a\\nb")');
    expect(expandStarterCode("print('a\\nb')\\nprint(1)")).toBe("print('a\\nb')\nprint(1)");
    expect(expandStarterCode('s = f"{x}\\n"\\nt = r"\\n"')).toBe('s = f"{x}\\n"\nt = r"\\n"');
  });

  it("knows triple-quoted strings and escaped quotes", () => {
    const doc = '"""Line one\\nline two"""\\nprint(1)';
    expect(expandStarterCode(doc)).toBe('"""Line one\\nline two"""\nprint(1)');
    expect(expandStarterCode('print("say \\"hi\\"\\n")\\nx = 2')).toBe('print("say \\"hi\\"\\n")\nx = 2');
  });

  it("changes nothing in code that already has real line breaks", () => {
    const code = 'name = input("Name: ")\nprint("Hello\\n" + name)\n';
    expect(expandStarterCode(code)).toBe(code);
  });

  it("is stable: expanding twice is expanding once", () => {
    const once = expandStarterCode('print("a\\nb")\\nprint(2)');
    expect(expandStarterCode(once)).toBe(once);
  });
});
