/**
 * The no-JS sign-in form's action (renderer/routes/auth.tsx) when the content service cannot
 * store a session (a full disk, issue 27): the page answers 503 with Retry-After and tells the
 * editor to try again in a minute, keeping the e-mail they typed; a wrong password stays a 401.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type AppServices, servicesContext } from "../renderer/lib/context";
import { action } from "../renderer/routes/auth";

function post(signIn: AppServices["signIn"]) {
  const context = new RouterContextProvider();
  context.set(servicesContext, { signIn } as AppServices);
  const request = new Request("http://localhost/en/qa/sign-in", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    body: new URLSearchParams({ email: "marie@example.com", password: "a password" }),
  });
  return action({ params: { lang: "en", slug: "sign-in" }, request, context } as unknown as Parameters<
    typeof action
  >[0]) as Promise<{ data: unknown; init: ResponseInit | null }>;
}

describe("the no-JS sign-in form's action", () => {
  it("answers 503 with Retry-After when the service could not store the session", async () => {
    const answer = await post(
      async () =>
        new Response(JSON.stringify({ status: "error", message: "Not saved" }), {
          status: 503,
          headers: { "retry-after": "60", "content-type": "application/json" },
        }),
    );
    expect(answer.init?.status).toBe(503);
    expect(new Headers(answer.init?.headers).get("retry-after")).toBe("60");
    expect(answer.data).toEqual({ failure: "unavailable", email: "marie@example.com", retryAfter: 60 });
  });

  it("still says a wrong password is wrong", async () => {
    const answer = await post(async () => new Response("{}", { status: 401 }));
    expect(answer.init?.status).toBe(401);
    expect(answer.data).toMatchObject({ failure: "wrong", email: "marie@example.com" });
  });
});
