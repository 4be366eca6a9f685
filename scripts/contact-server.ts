/**
 * The embedded content service alone over HTTP on loopback, with the lead services of
 * the real server (delivery worker, retention), for the durability and delivery tests
 * (tests/forms-durability.test.ts, tests/leads-*.test.ts) and the bench's contact section:
 * no site build needed. Reads the usual environment (DATA_DIR, NODE_ENV,
 * CONTACT_RATE_LIMIT, EDITOR_KEY, SMTP_URL…), listens on PORT (0 = any free port) and
 * prints `listening <port>`. SIGTERM stops it as main.ts stops: in-flight deliveries finish.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { clientAddress, compileTrust } from "../server/client-address";
import { loadConfig } from "../server/config";
import { createEmbeddedContentService } from "../server/content/index";
import { describeDelivery, startLeadServices } from "../server/leads/delivery";

// The listening port is read below (0 allowed); the config only needs a valid one.
const config = loadConfig({ ...process.env, PORT: "1" });
const service = await createEmbeddedContentService(config);
const leads = startLeadServices(config, service, {
  pollMs: process.env.LEADS_POLL_MS ? Number(process.env.LEADS_POLL_MS) : undefined,
});
const trust = compileTrust(config.TRUST_PROXY);
console.error(describeDelivery(config));

const server = http.createServer(async (req, res) => {
  try {
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else if (value !== undefined) headers.set(key, value);
    }
    headers.delete("x-forwarded-for");
    headers.set("x-real-ip", clientAddress(req, trust));
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(new URL(req.url ?? "/", "http://localhost"), {
      method: req.method,
      headers,
      body: hasBody ? (req as unknown as ReadableStream) : undefined,
      // @ts-expect-error Node's fetch needs duplex for streamed bodies.
      duplex: hasBody ? "half" : undefined,
    });
    const response = await service.handle(request);
    res.statusCode = response.status;
    response.headers.forEach((value, key) => {
      res.setHeader(key, value);
    });
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    res.statusCode = 500;
    res.end(String(error));
  }
});

server.listen(Number(process.env.PORT || 0), "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
const stop = () =>
  server.close(() => void leads.stop().finally(() => service.storage.close().finally(() => process.exit(0))));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
