/**
 * The systemd unit of deploy/ (issue 27: nothing restarted the site when its primary process was
 * killed). No systemd runs here as PID 1, so the unit is checked three ways:
 * - `systemd-analyze verify` on it, its /opt/courtier-blocks paths pointed at this checkout:
 *   no warning at all (verify exits 0 on an unknown key or a bad value, and only says so);
 * - its restart, readiness and stop settings, read key by key, against what the server does;
 * - a dry run of its own command lines: ExecStart (the cluster's primary with two workers, on the
 *   example settings) and ExecStartPost (the readiness wait, which returns once /readyz is 200),
 *   then KillSignal to the primary alone (KillMode=mixed): it exits 0 within TimeoutStopSec.
 *   The readiness wait also gives up, exit 1, on a server that never gets ready.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../scripts/pg-cluster";
import { configSchema, loadConfig } from "../server/config";

const ROOT = path.resolve(import.meta.dirname, "..");
const UNIT = path.join(ROOT, "deploy/courtier-blocks.service");
const ENV_EXAMPLE = path.join(ROOT, "deploy/courtier-blocks.env.example");
const INSTALL_DIR = "/opt/courtier-blocks";
const BUILD = path.join(ROOT, "build/server/index.js");
const hasSystemdAnalyze = spawnSync("systemd-analyze", ["--version"]).status === 0;

/** A unit file's keys by section; a key given twice keeps every value (ExecStart=, Environment=). */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = {};
      sections[section[1]!] = current;
      continue;
    }
    const [key, ...rest] = line.split("=");
    if (!current || !key) throw new Error(`Not a unit line: ${line}`);
    current[key] = [...(current[key] ?? []), rest.join("=")];
  }
  return sections;
}

/** NAME=value lines of an environment file; `#NAME=value` lines are settings shown commented out. */
function parseEnvFile(text: string): { set: Record<string, string>; commented: string[] } {
  const set: Record<string, string> = {};
  const commented: string[] = [];
  for (const line of text.split("\n")) {
    const active = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (active) set[active[1]!] = active[2]!;
    const off = /^#([A-Z][A-Z0-9_]*)=/.exec(line);
    if (off) commented.push(off[1]!);
  }
  return { set, commented };
}

const unit = parseUnit(fs.readFileSync(UNIT, "utf8"));
const service = unit.Service!;
const one = (key: string) => {
  expect(service[key], key).toHaveLength(1);
  return service[key]![0]!;
};
/** A command line of the unit, run from this checkout instead of /opt/courtier-blocks. */
const commandOf = (key: string) => one(key).replaceAll(INSTALL_DIR, ROOT).split(/\s+/);
const seconds = (value: string) => {
  const match = /^(\d+)(s|min)?$/.exec(value);
  if (!match) throw new Error(`Not a duration this test reads: ${value}`);
  return Number(match[1]) * (match[2] === "min" ? 60 : 1);
};

describe("the systemd unit", () => {
  it.skipIf(!hasSystemdAnalyze)("passes systemd-analyze verify without a warning", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-"));
    try {
      const file = path.join(dir, "courtier-blocks.service");
      fs.writeFileSync(file, fs.readFileSync(UNIT, "utf8").replaceAll(INSTALL_DIR, ROOT));
      const result = spawnSync("systemd-analyze", ["verify", "--man=no", file], { encoding: "utf8" });
      expect(`${result.stdout}${result.stderr}`.trim()).toBe("");
      expect(result.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("restarts the primary whatever stopped it, within bounds", () => {
    expect(one("Restart")).toBe("always");
    expect(seconds(one("RestartSec"))).toBeGreaterThan(0);
    expect(Number(unit.Unit!.StartLimitBurst?.[0])).toBeGreaterThan(1);
    expect(seconds(unit.Unit!.StartLimitIntervalSec![0]!)).toBeGreaterThan(0);
    expect(unit.Install!.WantedBy).toEqual(["multi-user.target"]);
  });

  it("starts Node itself on server/main.ts (systemd's main process is the cluster's primary)", () => {
    const [node, ...args] = one("ExecStart").split(/\s+/);
    expect(node).toBe(`${INSTALL_DIR}/node_modules/.bin/node`);
    expect(args).toEqual(["--import", "tsx", "server/main.ts"]);
    expect(one("WorkingDirectory")).toBe(INSTALL_DIR);
    expect(one("Type")).toBe("exec");
  });

  it("counts as started once /readyz answers, within its start timeout", () => {
    expect(one("ExecStartPost")).toBe(`${INSTALL_DIR}/node_modules/.bin/node scripts/wait-ready.ts`);
    expect(fs.existsSync(path.join(ROOT, "scripts/wait-ready.ts"))).toBe(true);
    // The wait gives up (280 s by default) before systemd does, so its message reaches the journal.
    expect(seconds(one("TimeoutStartSec"))).toBeGreaterThan(280);
  });

  it("stops by SIGTERM to the primary alone, with time for the server's own graceful stop", () => {
    expect(one("KillMode")).toBe("mixed");
    expect(one("KillSignal")).toBe("SIGTERM");
    // server/main.ts: deliveries get 20 s, and the primary kills what is left 10 s after that.
    expect(seconds(one("TimeoutStopSec"))).toBeGreaterThan(30);
  });

  it("names files that exist in the checkout, and writes only its state directory (DATA_DIR)", () => {
    for (const [, values] of Object.entries(service)) {
      for (const value of values) {
        for (const match of value.matchAll(new RegExp(`${INSTALL_DIR}/(\\S+)`, "g"))) {
          expect(fs.existsSync(path.join(ROOT, match[1]!)), match[0]).toBe(true);
        }
      }
    }
    expect(one("ProtectSystem")).toBe("strict");
    expect(one("StateDirectory")).toBe("courtier-blocks");
    expect(one("Environment")).toContain("DATA_DIR=/var/lib/courtier-blocks");
    expect(one("User")).not.toBe("root");
  });
});

describe("the example settings", () => {
  const { set, commented } = parseEnvFile(fs.readFileSync(ENV_EXAMPLE, "utf8"));

  it("are read by the server's configuration as they are", () => {
    const config = loadConfig({ ...set, NODE_ENV: "production" });
    expect(config.HOST).toBe("127.0.0.1");
    expect(config.TRUST_PROXY).toEqual(["loopback"]);
  });

  it("name only variables the server knows, set or commented out", () => {
    const known = new Set(Object.keys(configSchema.shape));
    expect([...Object.keys(set), ...commented].filter((name) => !known.has(name))).toEqual([]);
  });
});

describe.skipIf(!fs.existsSync(BUILD))("a dry run of the unit's command lines (production build)", () => {
  let primary: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "unit-dry-run-"));
  afterAll(() => {
    if (primary?.exitCode === null) primary.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("ExecStart serves, ExecStartPost returns once ready, KillSignal stops it cleanly in time", async () => {
    const port = await freePort();
    const { set } = parseEnvFile(fs.readFileSync(ENV_EXAMPLE, "utf8"));
    // The unit's Environment=, then its settings file, then what this machine needs (a free port, a temporary store).
    const env = {
      ...process.env,
      ...Object.fromEntries(
        one("Environment")
          .split(/\s+/)
          .map((pair) => pair.split("=") as [string, string]),
      ),
      ...set,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATABASE_URL: "",
    };
    const [node, ...args] = commandOf("ExecStart");
    primary = spawn(node!, args, { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
    const exited = new Promise<number | null>((resolve) => primary!.once("exit", (code) => resolve(code)));

    const [waitNode, ...waitArgs] = commandOf("ExecStartPost");
    const wait = spawnSync(waitNode!, waitArgs, { cwd: ROOT, env, encoding: "utf8", timeout: 280_000 });
    expect(wait.stderr).toBe("");
    expect(wait.status).toBe(0);
    expect(wait.stdout).toMatch(/^Ready on 127\.0\.0\.1:\d+ after \d+ s/);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);

    const stopAsked = Date.now();
    primary.kill(one("KillSignal") as NodeJS.Signals);
    expect(await exited).toBe(0);
    expect(Date.now() - stopAsked).toBeLessThan(seconds(one("TimeoutStopSec")) * 1000);
  }, 300_000);
});

describe("the readiness wait", () => {
  it("gives up with exit 1 and the last answer on a server that never gets ready", async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(503, { "content-type": "application/json" });
      res.end('{"status":"unavailable","reason":"store unreachable"}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const result = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(path.join(ROOT, "node_modules/.bin/node"), ["scripts/wait-ready.ts"], {
          cwd: ROOT,
          env: { ...process.env, PORT: String(port), HOST: "0.0.0.0", READY_TIMEOUT_S: "2" },
        });
        let stderr = "";
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.on("exit", (status) => resolve({ status, stderr }));
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`Not ready on 127.0.0.1:${port} after 2 s: 503`);
      expect(result.stderr).toContain("store unreachable");
    } finally {
      server.close();
    }
  });
});
