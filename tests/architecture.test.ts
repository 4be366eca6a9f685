/**
 * The architecture's boundaries, from the sources (no build): dependency-cruiser
 * with .dependency-cruiser.cjs (schema imports nothing of the app; the renderer never imports the
 * server, and the studio only on demand; the studio never imports the server; no import cycle).
 * Dead code is knip's, in `npm run lint`. tests/boundary.test.ts
 * keeps the list of what the server may import from the renderer.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const BIN = path.join(ROOT, "node_modules/.bin");
const run = promisify(execFile);

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

describe("architecture", () => {
  it("keeps every import inside the boundaries of .dependency-cruiser.cjs", async () => {
    const { stdout } = await run(
      path.join(BIN, "depcruise"),
      [
        "schema",
        "renderer",
        "studio",
        "server",
        "scripts",
        "--config",
        ".dependency-cruiser.cjs",
        "--output-type",
        "json",
      ],
      { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    const report = JSON.parse(stdout) as { summary: { violations: Violation[]; totalCruised: number } };
    expect(report.summary.totalCruised).toBeGreaterThan(400);
    const violations = report.summary.violations.map(
      (v) => `${v.rule.name}: ${v.from} → ${v.cycle ? v.cycle.map((c) => c.name).join(" → ") : v.to}`,
    );
    expect(violations).toEqual([]);
  }, 120_000);
});
