/**
 * Waits until the server on this machine answers /readyz with 200: systemd's ExecStartPost
 * (deploy/courtier-blocks.service), so the unit counts as started only once the site can serve.
 * Asks http://{HOST}:{PORT}/readyz (HOST 0.0.0.0 or :: asks loopback) once a second; exits 0 when
 * ready, 1 after READY_TIMEOUT_S seconds (default 280, under the unit's TimeoutStartSec), saying
 * the last answer. Plain Node (no imports of the project): it runs in a fraction of a second.
 */
import http from "node:http";

const port = Number(process.env.PORT || 3000);
const configured = process.env.HOST || "0.0.0.0";
const host = configured === "0.0.0.0" || configured === "::" ? "127.0.0.1" : configured;
const timeoutMs = Number(process.env.READY_TIMEOUT_S || 280) * 1000;
const started = Date.now();

function probe(): Promise<string> {
  return new Promise((resolve) => {
    const request = http.get({ host, port, path: "/readyz", timeout: 3000 }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve(response.statusCode === 200 ? "ready" : `${response.statusCode} ${body}`));
    });
    request.on("timeout", () => request.destroy(new Error("no answer within 3 s")));
    request.on("error", (error) => resolve(error.message));
  });
}

let last = "";
for (;;) {
  last = await probe();
  if (last === "ready") {
    console.log(`Ready on ${host}:${port} after ${Math.round((Date.now() - started) / 1000)} s`);
    process.exit(0);
  }
  if (Date.now() - started >= timeoutMs) break;
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
console.error(`Not ready on ${host}:${port} after ${Math.round(timeoutMs / 1000)} s: ${last}`);
process.exit(1);
