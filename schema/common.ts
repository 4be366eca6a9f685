import { z } from "zod";
import { LOCALES, SITE_TYPES } from "./locales";

export * from "./locales";

export const localeSchema = z.enum(LOCALES);

/** A value given per locale; a missing locale is filled from the other one. */
export function localized<S extends z.ZodType>(schema: S) {
  return z.preprocess(
    (raw) => {
      if (!raw || typeof raw !== "object") return raw;
      const value = raw as Record<string, unknown>;
      if (value.fr === undefined && value.en !== undefined) return { ...value, fr: value.en };
      if (value.en === undefined && value.fr !== undefined) return { ...value, en: value.fr };
      return value;
    },
    z.object({ fr: schema, en: schema }),
  );
}

export const siteTypeSchema = z.enum(SITE_TYPES);

/** The largest integer either store's integer columns hold (PostgreSQL's `integer`): ids, versions, counts from outside. */
export const MAX_INT32 = 2_147_483_647;
