/**
 * Field kinds: every editable value in a block is a zod schema tagged with a
 * `FieldMeta` in `fieldKinds`. The studio builds its forms from these tags, the
 * site ignores them. Keep the helpers here the only way block schemas declare fields.
 */
import { z } from "zod";
import {
  FETCH_PRIORITY_LABELS,
  ICON_WEIGHT_LABELS,
  LINK_FORMAT_LABELS,
  LINK_TARGET_LABELS,
  type OptionLabel,
  type OptionLabels,
  SIDE_LABELS,
} from "./labels";

export const FIELD_KINDS = [
  "text",
  "textarea",
  "richtext",
  "code",
  "link",
  "image",
  "video",
  "icon",
  "select",
  "number",
  "boolean",
  "colour",
  "repeater",
  "object",
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export interface FieldMeta {
  kind: FieldKind;
  /** Human label key under `studio.fields.*`, defaults to the field name. */
  label?: string;
  /** Code language for `code` fields. */
  language?: "html" | "javascript" | "css" | "json";
  /** Repeater item type name (blocks.md §2 repeater item types). */
  itemType?: string;
  /** Allowed values of `select` fields, for forms that do not unwrap enums. */
  options?: readonly string[];
  /** French and English names of the select's values (schema/labels.ts): the studio never shows a raw value. */
  optionLabels?: Readonly<Record<string, OptionLabel>>;
  /** The value an unset select stands for, when the site applies one (an unset colour scheme is "normal"). */
  unsetMeans?: string;
}

export const fieldKinds = z.registry<FieldMeta>();

/** Tags a schema with its field kind and returns it (same instance). */
function tag<S extends z.ZodType>(schema: S, meta: FieldMeta): S {
  fieldKinds.add(schema, meta);
  return schema;
}

/** Reads the field kind of a schema, looking through optional/default/nullable wrappers. */
export function fieldMetaOf(schema: z.ZodType): FieldMeta | undefined {
  let current: z.ZodType | undefined = schema;
  for (let i = 0; i < 6 && current; i++) {
    const meta = fieldKinds.get(current);
    if (meta) return meta;
    const def: { innerType?: z.ZodType } | undefined = (current as { _zod?: { def?: { innerType?: z.ZodType } } })._zod
      ?.def;
    current = def?.innerType;
  }
  return undefined;
}

/** Unwraps optional/default/nullable/catch wrappers to the schema that carries the shape. */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let current: z.ZodType = schema;
  for (let i = 0; i < 6; i++) {
    const def = (current as { _zod?: { def?: { innerType?: z.ZodType } } })._zod?.def;
    if (!def?.innerType) return current;
    current = def.innerType;
  }
  return current;
}

// ---- shared value shapes -------------------------------------------------

/** A select of shared shapes (link, icon, image): an enum tagged with its values' names. */
function labelledEnum<const T extends readonly [string, ...string[]]>(values: T, labels: OptionLabels<T[number]>) {
  return tag(z.enum(values), { kind: "select", options: values, optionLabels: labels });
}

export const iconSchema = z.object({
  type: z.string().min(1).describe("Icon name from the icon set"),
  align: labelledEnum(["left", "right"], SIDE_LABELS).optional(),
  font_weight: labelledEnum(["light", "regular", "solid"], ICON_WEIGHT_LABELS).optional(),
});

export const linkActionSchema = z.object({
  action_type: z.string().min(1),
  action_params: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Link URLs: relative (`/…`, `#…`, `?…`, `page`) or http, https, mailto, tel, sms; images:
 * relative or http(s). Anything else (javascript:, data:, vbscript:, file:…) is refused.
 * Browsers drop tabs, line breaks and controls before reading a scheme (`java\tscript:`), so
 * the check does too. Kept tiny: this file is in every page's JavaScript.
 */
const LINK_SCHEMES = /^(?:(?:https?|mailto|tel|sms):|(?![a-z][\w+.-]*:))/i;
const IMAGE_SCHEMES = /^(?:https?:|(?![a-z][\w+.-]*:))/i;
export const isSafeUrl = (value: string, schemes = LINK_SCHEMES) => schemes.test(value.replace(/[\0- \x7f]/g, ""));
const safeUrl = (schemes: RegExp) => z.string().refine((v) => isSafeUrl(v, schemes));

export const linkSchema = z.object({
  url: safeUrl(LINK_SCHEMES).optional(),
  text: z.string().optional(),
  target: labelledEnum(["_self", "_blank"], LINK_TARGET_LABELS).default("_self"),
  format: z
    .object({
      type: labelledEnum(["primary", "secondary", "outline", "text", "icon"], LINK_FORMAT_LABELS).optional(),
      bg_color: z.string().optional(),
      color: z.string().optional(),
    })
    .optional(),
  icon: iconSchema.optional(),
  on_click_action: linkActionSchema.optional(),
});
export type Link = z.infer<typeof linkSchema>;

export const imageSchema = z.object({
  url: safeUrl(IMAGE_SCHEMES).optional(),
  alt: z.string().optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  fetchPriority: labelledEnum(["high", "low"], FETCH_PRIORITY_LABELS).optional(),
});
export type Image = z.infer<typeof imageSchema>;

const videoSourceSchema = z.object({ url: z.string(), type: z.string().optional() });
export const videoSchema = z.object({
  sources: z.array(videoSourceSchema).default([]),
  external_sources: z.array(videoSourceSchema).default([]),
  poster: z.string().optional(),
  autoplay: z.boolean().default(false),
  controls: z.boolean().default(false),
  loop: z.boolean().default(true),
  muted: z.boolean().default(true),
  center: z.object({ x: z.number(), y: z.number() }).optional(),
  filters: z
    .object({
      blur: z.number().optional(),
      brightness: z.number().optional(),
      contrast: z.number().optional(),
      opacity: z.number().optional(),
      saturate: z.number().optional(),
    })
    .optional(),
});
export type Video = z.infer<typeof videoSchema>;

/** A hex colour: #rgb, #rrggbb or #rrggbbaa (the studio's error map recognises this pattern). */
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

// ---- field helpers ---------------------------------------------------------

export const f = {
  text: (label?: string) => tag(z.string(), { kind: "text", label }),
  textarea: (label?: string) => tag(z.string(), { kind: "textarea", label }),
  richtext: (label?: string) => tag(z.string(), { kind: "richtext", label }),
  code: (language: NonNullable<FieldMeta["language"]> = "html", label?: string) =>
    tag(z.string(), { kind: "code", language, label }),
  link: (label?: string) => tag(linkSchema, { kind: "link", label }),
  image: (label?: string) => tag(imageSchema, { kind: "image", label }),
  video: (label?: string) => tag(videoSchema, { kind: "video", label }),
  icon: (label?: string) => tag(iconSchema, { kind: "icon", label }),
  /** A choice among `values`, each with its French and English name (schema/labels.ts). */
  select: <const T extends readonly [string, ...string[]]>(
    values: T,
    label: string | undefined,
    optionLabels: OptionLabels<T[number]>,
    unsetMeans?: T[number],
  ) => tag(z.enum(values), { kind: "select", options: values, label, optionLabels, unsetMeans }),
  number: (label?: string) => tag(z.number(), { kind: "number", label }),
  boolean: (label?: string) => tag(z.boolean(), { kind: "boolean", label }),
  colour: (label?: string) => tag(z.string().regex(HEX_COLOUR), { kind: "colour", label }),
  repeater: <S extends z.ZodRawShape>(itemType: string, shape: S, label?: string) =>
    tag(z.array(z.object(shape)), { kind: "repeater", itemType, label }),
  object: <S extends z.ZodRawShape>(shape: S, label?: string) => tag(z.object(shape), { kind: "object", label }),
  /** Media: an image, or a video that wins when it has a source. */
  media: (label?: string) =>
    tag(
      z.object({
        image: tag(imageSchema, { kind: "image", label: "image" }).optional(),
        video: tag(videoSchema, { kind: "video", label: "video" }).optional(),
      }),
      { kind: "object", label: label ?? "media" },
    ),
};
