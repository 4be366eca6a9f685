/**
 * The yardstick of the page-cache bench (scripts/bench-page-cache.ts): a plain Node HTTP server
 * sending one response read from memory, the same bytes and headers for every request, the
 * fastest a page can be served by this runtime. Run as a child process, as the site is:
 *
 *   tsx scripts/bench-static-server.ts <port> <body file> <headers JSON file>
 */
import fs from "node:fs";
import http from "node:http";

const [port, bodyFile, headersFile] = process.argv.slice(2);
const body = fs.readFileSync(bodyFile as string);
const headers = { ...JSON.parse(fs.readFileSync(headersFile as string, "utf8")), "content-length": body.byteLength };
http
  .createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(Number(port), "127.0.0.1");
