/**
 * /u/{token}: the List-Unsubscribe URL of every alert e-mail (RFC 8058). A mail program's
 * one-click unsubscribe POSTs "List-Unsubscribe=One-Click" here, without cookies: the alert is
 * unsubscribed within the request and the answer is 200. A GET (a person following the link, or
 * a link scanner) never unsubscribes: it goes to the alert's page, where unsubscribing is one
 * button.
 */
import { redirect } from "react-router";
import { alertPagePath } from "../../schema/alerts-shared";
import { parseAlertView } from "../features/alerts/api";
import { servicesContext } from "../lib/context";
import type { Route } from "./+types/alert-unsubscribe";

const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export async function loader({ params, context }: Route.LoaderArgs) {
  const token = TOKEN.test(params.token ?? "") ? params.token! : "";
  let locale: "fr" | "en" = "fr";
  if (token) {
    const answer = await context.get(servicesContext).content.fetch(`/api/swc/alerts/${token}`, {});
    if (answer.ok) {
      const view = parseAlertView(await answer.json());
      if (view) locale = view.locale;
    }
  }
  throw redirect(alertPagePath(locale, token || "-"), { status: 303, headers: { "cache-control": "no-store" } });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const token = params.token ?? "";
  const text = (body: string, status: number) =>
    new Response(body, {
      status,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  if (!TOKEN.test(token)) return text("Unknown link", 404);
  const body = await request.text();
  const answer = await context.get(servicesContext).content.fetch(`/api/swc/alerts/${token}/unsubscribe`, {
    method: "POST",
    headers: { "content-type": request.headers.get("content-type") ?? "application/x-www-form-urlencoded" },
    body,
  });
  if (answer.ok) return text("Unsubscribed / Désabonné", 200);
  return text(
    answer.status === 404 ? "Unknown link" : "Send List-Unsubscribe=One-Click",
    answer.status === 404 ? 404 : 400,
  );
}
