/**
 * The editor pages under /{lang}/qa/…: sign-in (/fr/qa/connexion, /en/qa/sign-in), sign-out
 * (/fr/qa/deconnexion, /en/qa/sign-out), one-time links (/…/qa/activation) and the account
 * (/fr/qa/compte, /en/qa/account, signed-in editors only). Their code lives in studio/auth/
 * and loads with the page it draws (lazily: the screens parse answers with the studio's zod,
 * which no public route module may import statically, tests/public-bundle.test.ts).
 */
import { lazy, Suspense } from "react";
import { data, redirect } from "react-router";
import { isLocale } from "../../schema/locales";
import { servicesContext } from "../lib/context";
import { authPageOf, authPath, safeNext, signInUrl } from "../lib/studio-paths";
// The screens' stylesheet with the route, not with their lazy chunk: the server's page is
// styled before (and without) its script.
import "../../studio/auth/auth.css";
import type { Route } from "./+types/auth";

const Account = lazy(() => import("../../studio/auth/Account").then((m) => ({ default: m.Account })));
const Activation = lazy(() => import("../../studio/auth/Activation").then((m) => ({ default: m.Activation })));
const SignIn = lazy(() => import("../../studio/auth/SignIn").then((m) => ({ default: m.SignIn })));
const SignOut = lazy(() => import("../../studio/auth/SignOut").then((m) => ({ default: m.SignOut })));

const notFound = (locale: "fr" | "en") =>
  data({ locale, status: 404, message: "This page could not be found" }, { status: 404 });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = params.lang;
  if (!isLocale(lang)) throw notFound("fr");
  const page = authPageOf(lang, params.slug ?? "");
  if (!page) throw notFound(lang);
  const { editorOf } = context.get(servicesContext);
  const editor = editorOf ? await editorOf(request) : null;
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"), lang);
  if (page === "sign-in" && editor) throw redirect(next);
  if (page === "account" && !editor) throw redirect(signInUrl(lang, authPath("account", lang)));
  return { locale: lang, page, editor, next, expired: url.searchParams.has("expired") };
}

/**
 * The sign-in form posted before its script ran (a slow phone, a script blocked): the password
 * sign-in happens here, so the form works without JavaScript and its fields never go into a URL.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const lang = params.lang;
  if (!isLocale(lang)) throw notFound("fr");
  const page = authPageOf(lang, params.slug ?? "");
  if (!page) throw notFound(lang);
  // The other screens' forms post only before their script runs (method="post" keeps their
  // fields, a new password above all, out of the URL): the page again, nothing done.
  if (page !== "sign-in") throw redirect(new URL(request.url).pathname, 303);
  const { signIn } = context.get(servicesContext);
  const form = await request.formData().catch(() => null);
  const email = form?.get("email");
  const password = form?.get("password");
  if (!signIn || typeof email !== "string" || typeof password !== "string")
    return data({ failure: "failed" as const, email: "", retryAfter: 0 }, { status: 400 });
  const answer = await signIn(request, email, password);
  if (answer.ok) {
    const headers = new Headers();
    for (const cookie of answer.headers.getSetCookie()) headers.append("set-cookie", cookie);
    throw redirect(safeNext(new URL(request.url).searchParams.get("next"), lang), { headers });
  }
  if (answer.status === 429) {
    const retryAfter = Number(answer.headers.get("retry-after")) || 60;
    return data({ failure: "throttled" as const, email, retryAfter }, { status: 429 });
  }
  if (answer.status === 401) return data({ failure: "wrong" as const, email, retryAfter: 0 }, { status: 401 });
  if (answer.status === 503) {
    // The store took nothing (its disk full, or unreachable): say so, and when to try again.
    const retryAfter = Number(answer.headers.get("retry-after")) || 60;
    return data(
      { failure: "unavailable" as const, email, retryAfter },
      { status: 503, headers: { "retry-after": String(retryAfter) } },
    );
  }
  return data({ failure: "failed" as const, email, retryAfter: 0 }, { status: answer.status >= 500 ? 502 : 400 });
}

const TITLES = {
  "sign-in": { fr: "Connexion", en: "Sign in" },
  "sign-out": { fr: "Déconnexion", en: "Sign out" },
  account: { fr: "Votre compte", en: "Your account" },
  activation: { fr: "Activation du compte", en: "Account activation" },
} as const;

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const title = loaded ? `${TITLES[loaded.page][loaded.locale]} · Studio` : "Studio";
  // same-origin, not no-referrer: no other site learns these pages' addresses, and the form's
  // POST keeps its Origin (with no-referrer the browser sends "Origin: null", which the
  // action's cross-site check refuses).
  return [{ title }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "same-origin" }];
}

export default function AuthRoute(props: Route.ComponentProps) {
  return (
    <Suspense fallback={null}>
      <AuthScreen {...props} />
    </Suspense>
  );
}

function AuthScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, page, editor, next } = loaderData;
  switch (page) {
    case "sign-in":
      return <SignIn locale={locale} next={next} expired={loaderData.expired} posted={actionData} />;
    case "sign-out":
      return <SignOut locale={locale} signedIn={editor !== null} />;
    case "activation":
      return <Activation locale={locale} />;
    case "account":
      return editor ? <Account locale={locale} editor={editor} /> : null;
  }
}
