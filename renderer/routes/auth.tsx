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
import { authPageOf, authPath, safeNext, signInUrl } from "../../studio/auth/paths";
import { servicesContext } from "../lib/context";
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

const TITLES = {
  "sign-in": { fr: "Connexion", en: "Sign in" },
  "sign-out": { fr: "Déconnexion", en: "Sign out" },
  account: { fr: "Votre compte", en: "Your account" },
  activation: { fr: "Activation du compte", en: "Account activation" },
} as const;

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const title = loaded ? `${TITLES[loaded.page][loaded.locale]} · Studio` : "Studio";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }, { name: "referrer", content: "no-referrer" }];
}

export default function AuthRoute(props: Route.ComponentProps) {
  return (
    <Suspense fallback={null}>
      <AuthScreen {...props} />
    </Suspense>
  );
}

function AuthScreen({ loaderData }: Route.ComponentProps) {
  const { locale, page, editor, next } = loaderData;
  switch (page) {
    case "sign-in":
      return <SignIn locale={locale} next={next} expired={loaderData.expired} />;
    case "sign-out":
      return <SignOut locale={locale} signedIn={editor !== null} />;
    case "activation":
      return <Activation locale={locale} />;
    case "account":
      return editor ? <Account locale={locale} editor={editor} /> : null;
  }
}
