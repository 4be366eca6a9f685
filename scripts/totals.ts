/**
 * Sums the vitest and Playwright JSON reports into one line: `N passed, N failed[, N skipped]`.
 * Usage: tsx scripts/totals.ts test-results/vitest.json test-results/playwright.json
 * A missing or unreadable report counts as one failure, so a suite that never ran cannot pass.
 * `--failed-phases=typecheck,unit` names the phases of scripts/test-all.sh that exited non-zero:
 * each counts as one failure unless its own report already counts one (vitest exits 1 on an
 * unhandled error while its JSON report says every test passed).
 */
import fs from "node:fs";
import { pathToFileURL } from "node:url";

export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

const zero = (): Totals => ({ passed: 0, failed: 0, skipped: 0 });
const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

interface VitestAssertion {
  status?: string;
}
interface VitestFile {
  status?: string;
  assertionResults?: VitestAssertion[];
}
interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  numFailedTestSuites?: number;
  success?: boolean;
  testResults?: VitestFile[];
}

/** Vitest's JSON reporter (Jest-compatible). A file that failed to load counts as one failure. */
export function vitestTotals(report: VitestReport): Totals {
  const totals: Totals = {
    passed: num(report.numPassedTests),
    failed: num(report.numFailedTests),
    skipped: num(report.numPendingTests) + num(report.numTodoTests),
  };
  const files = report.testResults ?? [];
  for (const file of files) {
    const hasFailedTest = (file.assertionResults ?? []).some((a) => a.status === "failed");
    if (file.status === "failed" && !hasFailedTest) totals.failed += 1;
  }
  if (report.success === false && totals.failed === 0) totals.failed = Math.max(1, num(report.numFailedTestSuites));
  return totals;
}

interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: unknown[];
}

/** Playwright's JSON reporter: flaky tests passed on retry and count as passed; global errors count as failures. */
export function playwrightTotals(report: PlaywrightReport): Totals {
  const stats = report.stats ?? {};
  const totals: Totals = {
    passed: num(stats.expected) + num(stats.flaky),
    failed: num(stats.unexpected),
    skipped: num(stats.skipped),
  };
  const errors = report.errors?.length ?? 0;
  if (errors > 0 && totals.failed === 0) totals.failed = errors;
  if (!report.stats) totals.failed = Math.max(totals.failed, 1);
  return totals;
}

export function detectKind(report: unknown): "vitest" | "playwright" | undefined {
  if (!report || typeof report !== "object") return undefined;
  if ("numTotalTests" in report || "testResults" in report) return "vitest";
  if ("stats" in report || "suites" in report) return "playwright";
  return undefined;
}

export function reportTotals(report: unknown): Totals {
  const kind = detectKind(report);
  if (kind === "vitest") return vitestTotals(report as VitestReport);
  if (kind === "playwright") return playwrightTotals(report as PlaywrightReport);
  return { ...zero(), failed: 1 };
}

export function sumTotals(list: readonly Totals[]): Totals {
  return list.reduce(
    (acc, t) => ({ passed: acc.passed + t.passed, failed: acc.failed + t.failed, skipped: acc.skipped + t.skipped }),
    zero(),
  );
}

export function formatTotals(totals: Totals): string {
  // Exactly `N passed, N failed`: CI reads this last line. Skipped tests are said on the line before.
  return `${totals.passed} passed, ${totals.failed} failed`;
}

/** Reads each report file; one that is missing or not JSON counts as one failure (with a note on stderr). */
export function totalsFromFiles(files: readonly string[], note: (message: string) => void = () => {}): Totals {
  return sumTotals(
    files.map((file) => {
      try {
        const report: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
        if (!detectKind(report)) note(`${file}: not a vitest or Playwright JSON report; counted as 1 failure.`);
        return reportTotals(report);
      } catch (error) {
        note(`${file}: ${(error as Error).message}; counted as 1 failure.`);
        return { ...zero(), failed: 1 };
      }
    }),
  );
}

/** Which report each test phase of scripts/test-all.sh writes (by file name). */
const PHASE_REPORTS: Record<string, string> = {
  unit: "vitest.json",
  e2e: "playwright.json",
  "e2e-postgres": "playwright-pg.json",
};

/**
 * The failures the phases add: one per failed phase whose report (if it has one) counted none.
 * A typecheck, lint or build that failed has no report and always adds one.
 */
export function phaseFailures(failedPhases: readonly string[], files: readonly string[], byFile: readonly Totals[]) {
  let extra = 0;
  for (const phase of failedPhases) {
    const report = PHASE_REPORTS[phase];
    const index = report ? files.findIndex((file) => file.endsWith(report)) : -1;
    if (index >= 0 && (byFile[index]?.failed ?? 0) > 0) continue;
    extra += 1;
  }
  return extra;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const phasesArg = args.find((arg) => arg.startsWith("--failed-phases="));
  const failedPhases = (phasesArg?.slice("--failed-phases=".length) ?? "").split(/[ ,]+/).filter(Boolean);
  const files = args.filter((arg) => !arg.startsWith("--"));
  if (files.length === 0) {
    console.error("Usage: tsx scripts/totals.ts <report.json>...");
    process.exit(2);
  }
  const byFile = files.map((file) => totalsFromFiles([file], (message) => console.error(message)));
  const totals = sumTotals(byFile);
  const extra = phaseFailures(failedPhases, files, byFile);
  if (extra > 0) console.log(`(${extra} failed phase${extra > 1 ? "s" : ""} with no failed test counted)`);
  totals.failed += extra;
  if (totals.skipped > 0) console.log(`(${totals.skipped} skipped)`);
  console.log(formatTotals(totals));
  process.exit(totals.failed > 0 ? 1 : 0);
}
