/**
 * Every citation of the specification resolves inside the repository (docs/spec/README.md):
 * "site.md §7" and "blocks.md §3" name a section of docs/spec/site.md or blocks.md; a topic after
 * the number ("blocks.md §4 Header and navigation") is written in that section; a phrase quoted
 * right after it ("site.md §9 "fetch minimum display delay"") is a phrase of that section;
 * `blocks.md "Variant colours"` is a heading; "spec README decision 7" a numbered decision. A
 * comment citing a section, topic or decision that is not written there fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const SPEC = path.join(ROOT, "docs/spec");

/** Where citations live: the code, its tests, styles and scripts, and the other docs. */
const SOURCE_DIRS = ["schema", "renderer", "studio", "server", "scripts", "tests", "e2e", "docs", "deploy", "public"];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|md|sh|json|service)$/;

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (SOURCE.test(entry.name)) out.push(rel);
    }
  };
  for (const dir of SOURCE_DIRS) if (fs.existsSync(path.join(ROOT, dir))) walk(dir);
  for (const entry of fs.readdirSync(ROOT, { withFileTypes: true }))
    if (entry.isFile() && SOURCE.test(entry.name)) out.push(entry.name);
  return out;
}

/** Lower case, no Markdown marks or comment prefixes, one space between words. */
function normalise(text: string): string {
  return text.replace(/[`*_]/g, "").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim().toLowerCase();
}

interface SpecPage {
  /** Section number → the section's text (its heading included), normalised. */
  sections: Map<number, string>;
  /** Every heading of the page (`##`, `###`), normalised. */
  headings: Set<string>;
}

function readSpecPage(markdown: string): SpecPage {
  const sections = new Map<number, string>();
  const headings = new Set<string>();
  let current: number | undefined;
  const lines = new Map<number, string[]>();
  for (const line of markdown.split("\n")) {
    const heading = /^#{2,4} (.+)$/.exec(line);
    if (heading) headings.add(normalise(heading[1]!));
    const section = /^## (\d+)\. /.exec(line);
    if (section) current = Number(section[1]);
    else if (/^## /.test(line)) current = undefined;
    if (current === undefined) continue;
    lines.set(current, [...(lines.get(current) ?? []), line]);
  }
  for (const [n, text] of lines) sections.set(n, normalise(text.join("\n")));
  return { sections, headings };
}

/** The numbers of the README's numbered decisions ("1. **Minimum down payment…**"). */
function readDecisions(markdown: string): Set<number> {
  return new Set([...markdown.matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1])));
}

interface Citation {
  file: string;
  page: "site.md" | "blocks.md";
  section?: number;
  topic?: string;
  quote?: string;
  heading?: string;
  text: string;
}

/** Comment continuation lines joined, so a citation or a quote broken over two lines reads whole. */
function joinLines(text: string): string {
  return text.replace(/[ \t]*\r?\n[ \t]*(?:\/\/+|\*(?!\/)|#(?!#))?[ \t]*/g, " ");
}

const PAGE = /\b(site|blocks)\.md\b/g;
const REF = /^(?:[ \t]*(?:,|;|and)?[ \t]*)§[ \t]?(\d+)/;
// A topic is capitalised words right after the number: "Heroes", "Header and navigation".
const TOPIC = /^ ([A-Z][A-Za-z-]*(?: [A-Za-z][A-Za-z-]*)*)/;
// A quoted phrase starts with a word (a closing quote of the surrounding text followed by ", …" is not one).
const QUOTE = /^(?::|'s)? ?["“](?=[\p{L}\p{N}{])([^"”]{3,200})["”]/u;

/** The citations of the specification in one file's text. */
function citationsIn(file: string, raw: string): Citation[] {
  const text = joinLines(raw);
  const out: Citation[] = [];
  for (const match of text.matchAll(PAGE)) {
    const page = `${match[1]}.md` as Citation["page"];
    let rest = text.slice(match.index + match[0].length);
    const first = out.length;
    let found = false;
    let last: Citation | undefined;
    for (;;) {
      const ref = REF.exec(rest);
      if (!ref) break;
      found = true;
      rest = rest.slice(ref[0].length);
      const citation: Citation = { file, page, section: Number(ref[1]), text: "" };
      const topic = TOPIC.exec(rest);
      if (topic) {
        citation.topic = topic[1];
        rest = rest.slice(topic[0].length);
      }
      out.push(citation);
      last = citation;
    }
    const quote = QUOTE.exec(rest);
    if (found && quote && last) last.quote = quote[1];
    if (!found && quote && /^ ["“]/.test(rest)) out.push({ file, page, heading: quote[1], text: "" });
    const cited = text.slice(match.index, text.length - rest.length);
    for (const citation of out.slice(first)) citation.text = cited;
  }
  return out;
}

/** What a citation names that the page does not have (empty: it resolves). */
function problemsOf(citation: Citation, page: SpecPage): string[] {
  const where = `${citation.file}: ${citation.text.trim()}`;
  if (citation.heading !== undefined) {
    return page.headings.has(normalise(citation.heading))
      ? []
      : [`${where} → no heading "${citation.heading}" in ${citation.page}`];
  }
  const section = page.sections.get(citation.section!);
  if (section === undefined) return [`${where} → ${citation.page} has no §${citation.section}`];
  const problems: string[] = [];
  for (const part of (citation.topic ?? "").split(/ and /)) {
    const words = normalise(part);
    if (words && !section.includes(words))
      problems.push(`${where} → "${part}" is not in ${citation.page} §${citation.section}`);
  }
  if (citation.quote !== undefined) {
    const quoted = normalise(citation.quote).replace(/[.,;:…]+$/, "");
    if (!section.includes(quoted))
      problems.push(`${where} → the quoted "${citation.quote}" is not in ${citation.page} §${citation.section}`);
  }
  return problems;
}

const DECISION = /\bspec README decisions? (\d+)((?:(?:,| and) \d+)*)/g;

function decisionsCitedIn(raw: string): number[] {
  return [...joinLines(raw).matchAll(DECISION)].flatMap((m) => [
    Number(m[1]),
    ...[...(m[2] ?? "").matchAll(/\d+/g)].map((n) => Number(n[0])),
  ]);
}

const ARCHITECTURE = /docs\/architecture\.md,? "([^"]{2,80})"(?::? "([^"]{3,200})")?/g;

/** `docs/architecture.md "Safety"` names a heading of the map; a quote after it is a phrase of it. */
function architectureProblems(file: string, raw: string, map: { headings: Set<string>; text: string }): string[] {
  return [...joinLines(raw).matchAll(ARCHITECTURE)].flatMap((m) => {
    const problems: string[] = [];
    if (!map.headings.has(normalise(m[1]!))) problems.push(`${file}: ${m[0]} → no heading "${m[1]}" in the map`);
    const quoted = m[2] === undefined ? undefined : normalise(m[2]).replace(/[.,;:…]+$/, "");
    if (quoted !== undefined && !map.text.includes(quoted))
      problems.push(`${file}: ${m[0]} → the quoted "${m[2]}" is not in the map`);
    return problems;
  });
}

describe("the checker", () => {
  const page = readSpecPage(
    [
      "# site.md",
      "## 1. What it does",
      "Some words.",
      "### Header and navigation",
      "- **Mobile panel**: the hamburger `toggles` it.",
      "## 2. Routes",
      "Fetch minimum display delay: 200 ms.",
      "## Not a section",
      "Outside.",
    ].join("\n"),
  );

  const check = (source: string) =>
    citationsIn("x.ts", source).flatMap((citation) => problemsOf(citation, page).map((p) => p.split(" → ")[1]));

  it("reads sections, topics split on 'and', quotes and headings", () => {
    expect(check("/** The header (site.md §1 Header and navigation, §2). */")).toEqual([]);
    expect(check('// site.md §2 "fetch minimum display delay"')).toEqual([]);
    expect(check('// (site.md §1: "the hamburger toggles it")')).toEqual([]);
    expect(check('/* site.md "Header and navigation" */')).toEqual([]);
    expect(check("/* site.md §1, §2 and §3 */")).toEqual(["site.md has no §3"]);
    // The closing quote of a quotation that holds a citation opens no quoted phrase.
    expect(check('// As in "site.md §1 Header and navigation", "site.md §2"')).toEqual([]);
  });

  it("finds a missing section, topic, quote or heading", () => {
    expect(check("// site.md §3")).toEqual(["site.md has no §3"]);
    expect(check("// site.md §2 Header")).toEqual(['"Header" is not in site.md §2']);
    expect(check("// site.md §1 Header and footer")).toEqual(['"footer" is not in site.md §1']);
    expect(check('// site.md §1: "the burger toggles it"')).toEqual([
      'the quoted "the burger toggles it" is not in site.md §1',
    ]);
    expect(check('// site.md "Footer"')).toEqual(['no heading "Footer" in site.md']);
    // Text after a section that is not a topic (lower case) is not checked.
    expect(check("// site.md §2 fields, as sent")).toEqual([]);
  });

  it("joins a citation or a quote broken over comment lines", () => {
    expect(check("/**\n * The menu (site.md §1 Header and\n * navigation).\n */")).toEqual([]);
    expect(check('/**\n * (site.md §2 "fetch minimum\n * display delay")\n */')).toEqual([]);
  });

  it("reads cited decision numbers", () => {
    expect(decisionsCitedIn("(spec README decisions 1 and 2) and spec README decision 7")).toEqual([1, 2, 7]);
  });
});

describe("citations of docs/spec in the repository", () => {
  const pages = {
    "site.md": readSpecPage(fs.readFileSync(path.join(SPEC, "site.md"), "utf8")),
    "blocks.md": readSpecPage(fs.readFileSync(path.join(SPEC, "blocks.md"), "utf8")),
  };
  // This file's own examples cite missing sections on purpose.
  const files = sourceFiles().filter((file) => file !== "tests/spec-citations.test.ts");
  const texts = files.map((file) => [file, fs.readFileSync(path.join(ROOT, file), "utf8")] as const);
  const citations = texts.flatMap(([file, text]) => citationsIn(file, text));

  it("both pages keep the nine sections of the original", () => {
    for (const page of Object.values(pages)) expect([...page.sections.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("finds the citations (a scanner that finds none proves nothing)", () => {
    expect(citations.filter((c) => c.section !== undefined).length).toBeGreaterThan(300);
    expect(citations.filter((c) => c.topic).length).toBeGreaterThan(100);
    expect(citations.filter((c) => c.quote).length).toBeGreaterThan(3);
  });

  it("every cited section, topic, quoted phrase and heading is written in docs/spec", () => {
    const problems = citations.flatMap((citation) => problemsOf(citation, pages[citation.page]));
    expect(problems).toEqual([]);
  });

  it('every "docs/architecture.md "Heading"" names a heading of the map', () => {
    const markdown = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
    const map = {
      headings: new Set([...markdown.matchAll(/^#{1,4} (.+)$/gm)].map((m) => normalise(m[1]!))),
      text: normalise(markdown),
    };
    const cited = texts.filter(([, text]) => new RegExp(ARCHITECTURE.source).test(joinLines(text)));
    expect(cited.length).toBeGreaterThan(3);
    expect(texts.flatMap(([file, text]) => architectureProblems(file, text, map))).toEqual([]);
  });

  it("every cited decision of the spec README is one of its numbered decisions", () => {
    const decisions = readDecisions(fs.readFileSync(path.join(SPEC, "README.md"), "utf8"));
    expect(decisions.size).toBeGreaterThan(0);
    const missing = texts.flatMap(([file, text]) =>
      decisionsCitedIn(text)
        .filter((n) => !decisions.has(n))
        .map((n) => `${file}: decision ${n}`),
    );
    expect(missing).toEqual([]);
  });
});
