/** `/`: the only place where the browser language is detected (site.md §2). */
import { redirect } from "react-router";
import { chooseLocale } from "../lib/locale.server";
import type { Route } from "./+types/root-redirect";

export function loader({ request, url }: Route.LoaderArgs) {
  const locale = chooseLocale(request, url, { detectBrowser: true });
  return redirect(`/${locale}${url.search}`, { status: 302, headers: { vary: "accept-language, cookie" } });
}

export default function RootRedirect() {
  return null;
}
