import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  detectKind,
  formatTotals,
  phaseFailures,
  playwrightTotals,
  reportTotals,
  sumTotals,
  totalsFromFiles,
  vitestTotals,
} from "../scripts/totals";

const vitestReport = {
  numTotalTests: 12,
  numPassedTests: 9,
  numFailedTests: 2,
  numPendingTests: 1,
  numTodoTests: 0,
  numFailedTestSuites: 1,
  success: false,
  testResults: [
    { status: "passed", assertionResults: [{ status: "passed" }] },
    { status: "failed", assertionResults: [{ status: "failed" }, { status: "failed" }] },
  ],
};

const playwrightReport = {
  suites: [],
  errors: [],
  stats: { expected: 20, unexpected: 1, flaky: 2, skipped: 3, duration: 1000 },
};

describe("totals", () => {
  it("reads vitest reports, counting pending and todo as skipped", () => {
    expect(vitestTotals(vitestReport)).toEqual({ passed: 9, failed: 2, skipped: 1 });
  });

  it("counts a vitest file that failed to load as one failure", () => {
    const report = {
      numTotalTests: 3,
      numPassedTests: 3,
      numFailedTests: 0,
      numPendingTests: 0,
      numFailedTestSuites: 1,
      success: false,
      testResults: [
        { status: "passed", assertionResults: [{ status: "passed" }] },
        { status: "failed", assertionResults: [] },
      ],
    };
    expect(vitestTotals(report)).toEqual({ passed: 3, failed: 1, skipped: 0 });
  });

  it("reads Playwright reports: flaky counts as passed", () => {
    expect(playwrightTotals(playwrightReport)).toEqual({ passed: 22, failed: 1, skipped: 3 });
  });

  it("counts Playwright global errors (e.g. the web server did not start) as failures", () => {
    const report = { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 }, errors: [{ message: "boom" }] };
    expect(playwrightTotals(report)).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });

  it("detects the kind of report and treats unknown shapes as one failure", () => {
    expect(detectKind(vitestReport)).toBe("vitest");
    expect(detectKind(playwrightReport)).toBe("playwright");
    expect(detectKind({ hello: 1 })).toBeUndefined();
    expect(reportTotals({ hello: 1 })).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });

  it("sums and formats the single totals line", () => {
    const total = sumTotals([vitestTotals(vitestReport), playwrightTotals(playwrightReport)]);
    expect(total).toEqual({ passed: 31, failed: 3, skipped: 4 });
    expect(formatTotals(total)).toBe("31 passed, 3 failed");
    expect(formatTotals({ passed: 5, failed: 0, skipped: 0 })).toBe("5 passed, 0 failed");
  });

  it("counts a missing or corrupt report file as one failure", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "totals-"));
    try {
      const good = path.join(dir, "vitest.json");
      const bad = path.join(dir, "bad.json");
      fs.writeFileSync(good, JSON.stringify(vitestReport));
      fs.writeFileSync(bad, "{not json");
      const notes: string[] = [];
      const totals = totalsFromFiles([good, bad, path.join(dir, "missing.json")], (m) => notes.push(m));
      expect(totals).toEqual({ passed: 9, failed: 4, skipped: 1 });
      expect(notes).toHaveLength(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("counts a failed phase as a failure unless its report already counts one", () => {
    const files = ["r/vitest.json", "r/playwright.json", "r/playwright-pg.json"];
    const clean = { passed: 10, failed: 0, skipped: 0 };
    const failing = { passed: 9, failed: 1, skipped: 0 };
    // vitest exited 1 on an unhandled error while its report said every test passed.
    expect(phaseFailures(["unit"], files, [clean, clean, clean])).toBe(1);
    expect(phaseFailures(["unit"], files, [failing, clean, clean])).toBe(0);
    // No report: a failed typecheck, lint or build is always one.
    expect(phaseFailures(["typecheck", "lint"], files, [clean, clean, clean])).toBe(2);
    expect(phaseFailures(["e2e-postgres"], files, [clean, clean, failing])).toBe(0);
    expect(phaseFailures([], files, [failing, failing, failing])).toBe(0);
  });
});
