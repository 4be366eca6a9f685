/** The lead path's client call (site.md §7, §9): what it sends and how it reads the answer. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { postContact } from "../renderer/features/forms/submit";

afterEach(() => vi.unstubAllGlobals());

function capture(answer: Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer;
    }),
  );
  return calls;
}

describe("postContact", () => {
  it("posts multipart with the site key and the page's content-language", async () => {
    const calls = capture(new Response(JSON.stringify({ status: "success" }), { status: 200 }));
    const result = await postContact(
      { micrositeId: "ms-demo-broker", siteKey: "sk_1", locale: "en" },
      { form_type: "contact_form", locale: "en", email: "a@b.ca" },
    );
    expect(result).toEqual({ status: 200, success: true, errors: undefined });
    expect(calls[0]!.url).toBe("/api/swc/ms-demo-broker/contact");
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers["content-language"]).toBe("en");
    expect(headers["x-site-key"]).toBe("sk_1");
    expect((calls[0]!.init.body as FormData).get("email")).toBe("a@b.ca");
  });

  it("takes the language from the fields when the site object has none", async () => {
    const calls = capture(new Response("{}", { status: 200 }));
    await postContact({ micrositeId: "m" }, { locale: "fr" });
    expect((calls[0]!.init.headers as Record<string, string>)["content-language"]).toBe("fr");
  });

  it("reads a refusal's field errors, and a body that is not JSON by its status alone", async () => {
    capture(new Response(JSON.stringify({ status: "error", errors: { email: "invalid" } }), { status: 400 }));
    expect(await postContact({ micrositeId: "m" }, {})).toEqual({
      status: 400,
      success: false,
      errors: { email: "invalid" },
    });
    capture(new Response("Bad gateway", { status: 502 }));
    expect(await postContact({ micrositeId: "m" }, {})).toEqual({ status: 502, success: false, errors: undefined });
  });
});
