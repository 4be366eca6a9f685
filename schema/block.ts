/**
 * The block contract: `{ id, block_type, block_params, fields: { fr, en } }`.
 * `defineBlock` declares one block type; the registry (registry.ts) collects them.
 */
import { z } from "zod";
import { f } from "./fields";
import { COLOR_SCHEME_LABELS, type LabelText } from "./labels";
import { COLOR_SCHEMES, isColorScheme } from "./theme";

export const BLOCK_FAMILIES = [
  "headers",
  "footers",
  "heroes",
  "text",
  "media",
  "members",
  "offices",
  "partners",
  "testimonials",
  "properties",
  "forms",
  "blog",
  "embeds",
  "utility",
] as const;
export type BlockFamily = (typeof BLOCK_FAMILIES)[number];

/** Params every block accepts (blocks.md §1: common block fields, all optional). */
export const commonParamsShape = {
  // Unset, a block shows the "normal" scheme (renderer/blocks/BlockList.tsx schemeOf).
  color_scheme: f.select(COLOR_SCHEMES, "color_scheme", COLOR_SCHEME_LABELS, "normal").optional(),
  bg_color_primary: f.colour("bg_color_primary").optional(),
  bg_color_secondary: f.colour("bg_color_secondary").optional(),
  text_color: f.colour("text_color").optional(),
  /** Anchor id for in-page links. */
  anchor: f.text("anchor").optional(),
};

export interface BlockPermissions {
  edit: boolean;
  delete: boolean;
  colorScheme: boolean;
}

export interface BlockExample<P, F> {
  block_params: P;
  fields: { fr: F; en: F };
}

export interface BlockDefinition<
  T extends string = string,
  P extends z.ZodObject = z.ZodObject,
  F extends z.ZodObject = z.ZodObject,
> {
  type: T;
  family: BlockFamily;
  /** The block's name in the studio (palette, panel title, chip, announcements), per locale. */
  label: LabelText;
  /** One line shown in the studio palette, per locale. */
  description: LabelText;
  params: P;
  fields: F;
  permissions: BlockPermissions;
  /** Header blocks set this: the height other blocks overlap (blocks.md §9). */
  overlap?: number;
  example: BlockExample<z.input<P>, z.input<F>>;
  /** Full schema of one block instance of this type. */
  schema: z.ZodType<Block<T, z.output<P>, z.output<F>>>;
}

export interface Block<T extends string = string, P = Record<string, unknown>, F = Record<string, unknown>> {
  id: string;
  block_type: T;
  block_params: P;
  fields: { fr: F; en: F };
}

/** A missing locale in `fields` is filled from the other one. */
export function fillLocales(fields: unknown): { fr: unknown; en: unknown } {
  const value = fields && typeof fields === "object" ? (fields as Record<string, unknown>) : {};
  const fr = value.fr ?? value.en ?? {};
  const en = value.en ?? value.fr ?? {};
  return { fr, en };
}

export function defineBlock<const T extends string, P extends z.ZodRawShape, F extends z.ZodRawShape>(def: {
  type: T;
  family: BlockFamily;
  label: LabelText;
  description: LabelText;
  params?: P;
  fields: F;
  permissions?: Partial<BlockPermissions>;
  overlap?: number;
  example: BlockExample<z.input<z.ZodObject<typeof commonParamsShape & P>>, z.input<z.ZodObject<F>>>;
}): BlockDefinition<T, z.ZodObject<typeof commonParamsShape & P>, z.ZodObject<F>> {
  const params = z.object({ ...commonParamsShape, ...(def.params ?? ({} as P)) });
  const fields = z.object(def.fields);
  const schema = z.object({
    id: z.string().min(1),
    block_type: z.literal(def.type),
    block_params: params,
    fields: z.preprocess(fillLocales, z.object({ fr: fields, en: fields })),
  });
  return {
    type: def.type,
    family: def.family,
    label: def.label,
    description: def.description,
    params,
    fields,
    overlap: def.overlap,
    permissions: { edit: true, delete: true, colorScheme: true, ...def.permissions },
    example: def.example,
    schema: schema as unknown as BlockDefinition<T, typeof params, typeof fields>["schema"],
  };
}

/** The loose envelope every block must have before its own schema is applied. */
export const rawBlockSchema = z.object({
  id: z.string().min(1).optional(),
  block_type: z.string().min(1),
  block_params: z.record(z.string(), z.unknown()).nullish(),
  fields: z.record(z.string(), z.unknown()).nullish(),
});
export type RawBlock = z.infer<typeof rawBlockSchema>;

export type BlockIssue = {
  index: number;
  id?: string;
  block_type?: string;
  /** Dotted path of the first failing value, e.g. `fields.fr.main_title`. */
  path: string;
  message: string;
};

export type InferBlock<D> =
  D extends BlockDefinition<infer T, infer P, infer F> ? Block<T, z.output<P>, z.output<F>> : never;

/** Normalises a block envelope before validation: ids, empty params, unknown colour schemes. */
export function normaliseRawBlock(raw: RawBlock, index: number, warn: (message: string) => void) {
  const params = { ...(raw.block_params ?? {}) };
  const scheme = params.color_scheme;
  if (scheme !== undefined && scheme !== null && !isColorScheme(scheme)) {
    warn(`Unknown colour scheme "${String(scheme)}" on block ${raw.id ?? index} (${raw.block_type}); ignored.`);
    delete params.color_scheme;
  }
  return {
    id: raw.id ?? `block-${index}-${raw.block_type}`,
    block_type: raw.block_type,
    block_params: params,
    fields: raw.fields ?? {},
  };
}

export function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p) => String(p)).join(".");
}
