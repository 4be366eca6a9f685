/**
 * Bench section "contact": 200 concurrent contact-form submissions over loopback HTTP
 * to the embedded content service in its own process (scripts/contact-server.ts, a
 * fresh data folder, offline captcha, rate limit raised). Every submission must be
 * acknowledged and stored; prints the throughput.
 *
 *   npx tsx scripts/bench-contact.ts     runs it alone
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startContactServer, storedSubmissions, submitContact } from "../tests/helpers/contact-server";

export const CONTACT_BURST = 200;

export interface ContactBenchResult {
  sent: number;
  acknowledged: number;
  stored: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
}

export async function runContactBench(count = CONTACT_BURST): Promise<ContactBenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-contact-"));
  const server = await startContactServer({
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    CONTACT_RATE_LIMIT: String(count * 10),
    FIXTURE_EDITORS: "true",
  });
  try {
    const marker = `bench-${Date.now()}`;
    // Warm-up outside the measure (module JIT, first statement preparation).
    await (await submitContact(server.origin, `${marker}-warm`, -1)).text();
    const latencies: number[] = [];
    const start = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const t = performance.now();
        const response = await submitContact(server.origin, marker, i);
        const body = (await response.json()) as { status?: string; id?: string };
        latencies.push(performance.now() - t);
        return response.status === 200 && body.status === "success" ? body.id : undefined;
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const acknowledged = outcomes.filter((id): id is string => Boolean(id));
    const stored = await storedSubmissions(server.origin);
    const storedIds = new Set(stored.map((s) => s.id));
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
    return {
      sent: count,
      acknowledged: acknowledged.length,
      stored: acknowledged.filter((id) => storedIds.has(id)).length,
      seconds,
      perSecond: count / seconds,
      p50: pct(50),
      p95: pct(95),
    };
  } finally {
    server.child.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runContactBench().then(
    (r) => {
      console.log(
        `${r.sent} concurrent submissions: ${r.acknowledged} acknowledged, ${r.stored} stored, ${r.seconds.toFixed(2)} s, ${r.perSecond.toFixed(1)} submissions/s (p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms)`,
      );
      process.exit(r.stored === r.sent ? 0 : 1);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
