// @vitest-environment jsdom
/**
 * Sudo mode in the account page (issue 27): a sensitive call answered `reauth_required` opens the
 * "Confirm it's you" dialog; the password typed there is sent to /api/auth/reauth and the call
 * is sent again; cancelling leaves the action undone with its reason.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getI18n } from "../renderer/lib/i18n";
import "../renderer/messages/auth";
import { call, okSchema } from "../studio/auth/client";
import { ReauthDialog } from "../studio/auth/Reauth";
import { wasNotConfirmed } from "../studio/auth/ui";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const i18n = getI18n("fr");
// jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
if (!globalThis.CSS?.escape) globalThis.CSS = { escape: (value: string) => value.replace(/["\\]/g, "\\$&") } as never;

describe("the confirm-it's-you dialog", () => {
  let calls: { url: string; body: unknown }[];
  let sudo: boolean;
  beforeEach(async () => {
    calls = [];
    sudo = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        const body = init.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ url, body });
        if (url === "/api/auth/reauth") {
          if (body.password !== "la bonne phrase") return json(400, { errors: { password: "wrong" } });
          sudo = true;
          return json(200, { status: "success" });
        }
        if (url === "/api/auth/editors")
          return sudo ? json(201, { status: "success" }) : json(403, { code: "reauth_required", message: "x" });
        return json(404, {});
      }),
    );
    render(
      <I18nextProvider i18n={i18n}>
        <ReauthDialog hasPassword hasPasskeys={false} />
      </I18nextProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks for the password, refuses a wrong one, then sends the action again", async () => {
    let done = false;
    const pending = call("POST", "editors", okSchema, { email: "x@y.ca" }).then(() => {
      done = true;
    });
    const dialog = await screen.findByRole("dialog", { name: i18n.t("auth.reauth.title") });
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/editors"]);
    const password = screen.getByLabelText(i18n.t("auth.account.password.current"));
    fireEvent.change(password, { target: { value: "une mauvaise" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: i18n.t("auth.reauth.confirm") })));
    expect((await screen.findByRole("alert")).textContent).toBe(i18n.t("auth.reauth.wrong"));
    expect(done).toBe(false);
    fireEvent.change(password, { target: { value: "la bonne phrase" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: i18n.t("auth.reauth.confirm") })));
    await pending;
    expect(done).toBe(true);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(calls.map((c) => c.url)).toEqual([
      "/api/auth/editors",
      "/api/auth/reauth",
      "/api/auth/reauth",
      "/api/auth/editors",
    ]);
  });

  it("leaves the action undone, saying why, when the editor cancels", async () => {
    const pending = call("POST", "editors", okSchema, {}).catch((caught: unknown) => caught);
    await screen.findByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: i18n.t("auth.reauth.cancel") }));
    const caught = await pending;
    expect(wasNotConfirmed(caught)).toBe(true);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/editors"]);
  });
});
