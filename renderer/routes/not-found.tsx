/** Any path outside /fr and /en: 404 in the visitor's language. */
import { data } from "react-router";
import { chooseLocale } from "../lib/locale.server";
import type { Route } from "./+types/not-found";

export function loader({ request, url }: Route.LoaderArgs) {
  const locale = chooseLocale(request, url, { detectBrowser: true });
  throw data({ locale, message: "This page could not be found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
