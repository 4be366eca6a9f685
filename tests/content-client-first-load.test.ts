/** The content client's first-load cache: one call per host name, bounded (many sites, made-up Host headers). */
import { describe, expect, it } from "vitest";
import { createContentClient, FIRST_LOAD_CACHE_SIZE } from "../renderer/lib/content-client";

function countingClient() {
  const calls: string[] = [];
  const client = createContentClient(async (request) => {
    const { domain_name } = (await request.json()) as { domain_name: string };
    calls.push(domain_name);
    return Response.json({ microsite_id: `ms-${domain_name}`, site_id: domain_name, site_key: "sk_0123456789" });
  });
  return { client, calls };
}

describe("first load per host name", () => {
  it("asks the service once per host name, whatever its case", async () => {
    const { client, calls } = countingClient();
    expect((await client.firstLoad("site-1.example")).site_id).toBe("site-1.example");
    await client.firstLoad("SITE-1.example");
    await client.firstLoad("site-2.example");
    expect(calls).toEqual(["site-1.example", "site-2.example"]);
  });

  it(`keeps at most ${FIRST_LOAD_CACHE_SIZE} host names, the least recently used leaving first`, async () => {
    const { client, calls } = countingClient();
    await client.firstLoad("first.example");
    await client.firstLoad("kept.example");
    for (let i = 0; i < FIRST_LOAD_CACHE_SIZE - 2; i++) await client.firstLoad(`h${i}.example`);
    // Full: a use of kept.example makes it the most recent, first.example is now the oldest.
    await client.firstLoad("kept.example");
    await client.firstLoad("one-more.example");
    calls.length = 0;
    await client.firstLoad("kept.example");
    expect(calls).toEqual([]);
    await client.firstLoad("first.example");
    expect(calls).toEqual(["first.example"]);
  });
});
