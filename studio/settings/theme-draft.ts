/**
 * The site's theme in the studio (issue 29): the theme published for the site and its version,
 * and the editor's unpublished changes to it, previewed live on the canvas and the settings
 * sample. The changes are kept in localStorage per site (a reload keeps them) with the version
 * they started from; "Revenir au thème du site" drops them, so the preview is exactly what is
 * published. Publishing writes the draft for the whole site (PUT /api/sites/{site}/theme).
 */
import { z } from "zod";
import { create } from "zustand";
import { type Theme, themeSchema } from "../../schema/theme";

const key = (siteId: string) => `studio:theme-draft:${siteId}`;

const storedSchema = z.object({ base_version: z.number().int().positive(), theme: themeSchema });

function storage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The theme after a change of some of its parts (radii and colours key by key). */
export function changedTheme(theme: Theme, change: ThemeChange): Theme {
  const schemes = Object.fromEntries(
    Object.entries({ ...theme.schemes, ...change.schemes }).filter(([, colours]) => colours !== undefined),
  );
  const { greys: _greys, schemes: _schemes, ...rest } = theme;
  const greys = change.greys === null ? undefined : (change.greys ?? theme.greys);
  return themeSchema.parse({
    ...rest,
    ...(change.preset ? { preset: change.preset } : {}),
    radius: { ...theme.radius, ...change.radius },
    colors: change.colors === null ? {} : { ...theme.colors, ...change.colors },
    ...(greys ? { greys } : {}),
    ...(Object.keys(schemes).length > 0 ? { schemes } : {}),
  });
}

export interface ThemeChange {
  preset?: Theme["preset"];
  radius?: Theme["radius"];
  /** null: back to the preset's colours. */
  colors?: Theme["colors"] | null;
  /** null: back to the default greys. */
  greys?: Theme["greys"] | null;
  schemes?: Theme["schemes"];
}

interface ThemeDraftState {
  siteId: string | null;
  /** What the site shows now, and its version (a publish names it). */
  published: Theme;
  version: number;
  /** The editor's unpublished theme; null when the preview is the published one. */
  draft: Theme | null;
  /** The draft was started from an older version than the one published now (someone published meanwhile). */
  stale: boolean;
  load(siteId: string, published: Theme, version: number): void;
  edit(change: ThemeChange): void;
  /** Replaces the draft with a whole theme (a version to restore). */
  use(theme: Theme): void;
  /** Drops the draft: the preview is exactly the published theme. */
  revert(): void;
  markPublished(theme: Theme, version: number): void;
}

const DEFAULT_THEME = themeSchema.parse({});

function persist(siteId: string | null, draft: Theme | null, version: number) {
  if (!siteId) return;
  try {
    if (draft) storage()?.setItem(key(siteId), JSON.stringify({ base_version: version, theme: draft }));
    else storage()?.removeItem(key(siteId));
  } catch {
    // Storage full or disabled: the draft lives in this tab only.
  }
}

export const useThemeDraft = create<ThemeDraftState>()((set, get) => ({
  siteId: null,
  published: DEFAULT_THEME,
  version: 1,
  draft: null,
  stale: false,
  load(siteId, published, version) {
    let draft: Theme | null = null;
    let stale = false;
    try {
      const text = storage()?.getItem(key(siteId));
      const stored = text ? storedSchema.safeParse(JSON.parse(text)) : undefined;
      if (stored?.success) {
        draft = stored.data.theme;
        stale = stored.data.base_version !== version;
      }
    } catch {
      draft = null;
    }
    set({ siteId, published, version, draft, stale });
  },
  edit(change) {
    const { draft, published, siteId, version } = get();
    const next = changedTheme(draft ?? published, change);
    set({ draft: next });
    persist(siteId, next, version);
  },
  use(theme) {
    const { siteId, version } = get();
    const next = themeSchema.parse(theme);
    set({ draft: next });
    persist(siteId, next, version);
  },
  revert() {
    const { siteId, version } = get();
    set({ draft: null, stale: false });
    persist(siteId, null, version);
  },
  markPublished(theme, version) {
    const { siteId } = get();
    set({ published: theme, version, draft: null, stale: false });
    persist(siteId, null, version);
  },
}));

/** The theme the studio previews: the editor's draft, else the published one. */
export const usePreviewTheme = () => useThemeDraft((s) => s.draft ?? s.published);
