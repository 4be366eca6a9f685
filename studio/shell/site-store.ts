/**
 * The site as the studio knows it beside the open page (issue 29): its settings as last read
 * (GET /api/sites/{site}/settings: information, header and footer, theme, their versions, the
 * active variant), with its information parsed for the canvas, which writes it into every
 * header and footer it previews as the site does when it serves a page.
 */
import { create } from "zustand";
import { type SiteInfo, siteInfoSchema } from "../../schema/site-info";
import { useThemeDraft } from "../settings/theme-draft";
import type { SiteSettings } from "./api";

interface SiteState {
  settings: SiteSettings | null;
  /** The site's information, parsed; undefined while the site has none. */
  info: SiteInfo | undefined;
  setSettings(siteId: string, settings: SiteSettings): void;
}

export const useSiteStore = create<SiteState>()((set) => ({
  settings: null,
  info: undefined,
  setSettings(siteId, settings) {
    const info = siteInfoSchema.safeParse(settings.info);
    set({ settings, info: info.success ? info.data : undefined });
    // The theme's draft follows the published theme it was started from.
    const theme = useThemeDraft.getState();
    if (theme.siteId !== siteId || theme.version !== settings.theme_version)
      theme.load(siteId, settings.theme, settings.theme_version);
  },
}));
