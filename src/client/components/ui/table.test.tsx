// The table primitive: headings carry their scope, the caption is there for screen readers, the
// density pads every cell alike, and the scroll wrapper is a named, focusable region.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RowHeader, Table, TableBody, TableHead, TableRow, TableScroll, Td, Th } from "./table.tsx";

function html(density?: "tight" | "boxed" | "none") {
  return renderToStaticMarkup(
    <TableScroll label="Members table">
      <Table caption="Members of Year 10" density={density}>
        <TableHead>
          <TableRow>
            <Th>Name</Th>
            <Th>Role</Th>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <RowHeader>Ada</RowHeader>
            <Td data-label="Role">student</Td>
          </TableRow>
        </TableBody>
      </Table>
    </TableScroll>,
  );
}

describe("Table", () => {
  it("gives column and row headings their scope and keeps the caption for screen readers", () => {
    const out = html();
    expect(out).toContain('<caption class="sr-only">Members of Year 10</caption>');
    expect(out.match(/<th scope="col"/g)).toHaveLength(2);
    expect(out).toMatch(/<th scope="row" class="[^"]*font-normal[^"]*">Ada<\/th>/);
    expect(out).toContain('data-label="Role"');
  });
  it("pads every cell by the table's density, the last column without a right gutter", () => {
    expect(html("tight")).toMatch(/<td class="py-1 pr-4 last:pr-0"/);
    expect(html()).toMatch(/<td class="py-2 pr-4 last:pr-0"/);
    expect(html("boxed")).toMatch(/<td class="px-3 py-2"/);
    expect(html("none")).toMatch(/<td data-label="Role">/);
  });
  it("a bold row heading is not also font-normal", () => {
    const out = renderToStaticMarkup(
      <Table>
        <tbody>
          <tr>
            <RowHeader className="font-medium">Year 10</RowHeader>
          </tr>
        </tbody>
      </Table>,
    );
    expect(out).not.toContain("font-normal");
    expect(out).toContain("font-medium");
  });
  it("scrolls inside a named region that takes keyboard focus", () => {
    expect(html()).toMatch(
      /^<section aria-label="Members table" tabindex="0" class="relative [^"]*overflow-x-auto"/,
    );
  });
});
