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

/**
 * What a block migration sees and returns: the block's parts as stored, before its schema (the
 * previous version's shape). Pure, so the same stored block always migrates the same way.
 */
export interface MigratingBlock {
  id: string;
  block_type: string;
  block_params: Record<string, unknown>;
  fields: Record<string, unknown>;
}

/** Moves a block from the version before the key to the key's version (tldraw's record migrations). */
export type BlockMigration = (block: MigratingBlock) => MigratingBlock;

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
  /**
   * The version of this type's schema (1 until it first changes). A change to the schema comes
   * with a migration from the version before: stored pages keep their blocks' versions
   * (`schema_version`), and every read or save brings a block up to this one.
   */
  version: number;
  /** `migrations[n]` takes a block of version n - 1 to version n, for every n from 2 to `version`. */
  migrations: Readonly<Record<number, BlockMigration>>;
  /** Full schema of one block instance of this type. */
  schema: z.ZodType<Block<T, z.output<P>, z.output<F>>>;
}

export interface Block<T extends string = string, P = Record<string, unknown>, F = Record<string, unknown>> {
  id: string;
  block_type: T;
  /** The version of its type's schema the block was written in; unset is 1. */
  schema_version?: number;
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
  version?: number;
  migrations?: Record<number, BlockMigration>;
}): BlockDefinition<T, z.ZodObject<typeof commonParamsShape & P>, z.ZodObject<F>> {
  const version = def.version ?? 1;
  const migrations = def.migrations ?? {};
  // A schema change without its migration is the programmer's error, caught when the module loads.
  for (let n = 2; n <= version; n++) {
    if (typeof migrations[n] !== "function") throw new Error(`${def.type}: no migration to version ${n}`);
  }
  const params = z.object({ ...commonParamsShape, ...(def.params ?? ({} as P)) });
  const fields = z.object(def.fields);
  const schema = z.object({
    id: z.string().min(1),
    block_type: z.literal(def.type),
    schema_version: z.literal(version).optional(),
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
    version,
    migrations,
    schema: schema as unknown as BlockDefinition<T, typeof params, typeof fields>["schema"],
  };
}

/** The loose envelope every block must have before its own schema is applied. */
export const rawBlockSchema = z.object({
  id: z.string().min(1).optional(),
  block_type: z.string().min(1),
  schema_version: z.number().int().positive().max(1_000_000).optional(),
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
    ...(raw.schema_version !== undefined ? { schema_version: raw.schema_version } : {}),
    block_params: params,
    fields: raw.fields ?? {},
  };
}

export type MigrationResult =
  | { ok: true; block: MigratingBlock & { schema_version?: number } }
  | { ok: false; message: string };

/**
 * A normalised block brought up to its type's current version, migration by migration. A block
 * that no migration can carry (one of a newer release, a migration that throws) is refused with
 * the reason: the caller keeps it as it is stored, never drops it from the store.
 */
export function migrateBlock(
  block: MigratingBlock & { schema_version?: number },
  definition: Pick<BlockDefinition, "type" | "version" | "migrations">,
): MigrationResult {
  const from = block.schema_version ?? 1;
  if (from === definition.version) return { ok: true, block };
  if (from > definition.version)
    return { ok: false, message: `Written by a newer version (${from}) than this one knows (${definition.version})` };
  let current: MigratingBlock = block;
  for (let n = from + 1; n <= definition.version; n++) {
    try {
      current = definition.migrations[n]!(structuredClone(current));
    } catch (error) {
      return { ok: false, message: `Migration to version ${n} failed: ${(error as Error).message}` };
    }
  }
  return { ok: true, block: { ...current, schema_version: definition.version } };
}

export function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p) => String(p)).join(".");
}
