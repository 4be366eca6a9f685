/**
 * The embedded content service alone over HTTP on loopback, for the durability test
 * (tests/forms-durability.test.ts) and the bench's contact section: no site build
 * needed. Reads the usual environment (DATA_DIR, NODE_ENV, CONTACT_RATE_LIMIT,
 * FIXTURE_EDITORS…), listens on PORT (0 = any free port) and prints `listening <port>`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig } from "../server/config";
import { createEmbeddedContentService } from "../server/content/index";

// The listening port is read below (0 allowed); the config only needs a valid one.
const config = loadConfig({ ...process.env, PORT: "1" });
const service = await createEmbeddedContentService(config);

const server = http.createServer(async (req, res) => {
  try {
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else if (value !== undefined) headers.set(key, value);
    }
    headers.delete("x-forwarded-for");
    headers.set("x-real-ip", req.socket.remoteAddress ?? "");
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`), {
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
const stop = () => server.close(() => void service.storage.close().finally(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
