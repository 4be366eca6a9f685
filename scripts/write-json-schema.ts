/**
 * `npm run schema`: writes JSON Schema files for tools outside TypeScript —
 * schema-json/<block_type>.json for every registered block, page.json and index.json.
 * Each field carries its studio field kind as "x-field-kind" (plus label, item type,
 * code language and select options when set).
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import type { BlockDefinition } from "../schema/block";
import { fieldKinds } from "../schema/fields";
import { pageDataSchema } from "../schema/page";
import { blockRegistry } from "../schema/registry";

export const DEFAULT_OUT_DIR = path.resolve(import.meta.dirname, "../schema-json");

type JsonSchema = Record<string, unknown>;

const options = {
  io: "input",
  unrepresentable: "any",
  override: (ctx: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
    const meta = fieldKinds.get(ctx.zodSchema as z.ZodType);
    if (!meta) return;
    ctx.jsonSchema["x-field-kind"] = meta.kind;
    if (meta.label) ctx.jsonSchema["x-field-label"] = meta.label;
    if (meta.itemType) ctx.jsonSchema["x-field-item-type"] = meta.itemType;
    if (meta.language) ctx.jsonSchema["x-field-language"] = meta.language;
    if (meta.options) ctx.jsonSchema["x-field-options"] = [...meta.options];
  },
} as const;

/**
 * The JSON Schema of one block instance. `fields` goes through a preprocess step
 * (a missing locale is filled from the other), which JSON Schema cannot express on
 * the input side: it is described as `{ fr?, en? }` with at least one of them.
 */
export function blockJsonSchema(definition: BlockDefinition): JsonSchema {
  const schema = z.toJSONSchema(definition.schema, options) as JsonSchema;
  const fields = z.toJSONSchema(definition.fields, options) as JsonSchema;
  delete fields.$schema;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  properties.fields = {
    description: "Fields per locale; a missing locale is filled from the other one.",
    type: "object",
    properties: { fr: fields, en: fields },
    anyOf: [{ required: ["fr"] }, { required: ["en"] }],
  };
  return {
    ...schema,
    $id: `${definition.type}.json`,
    title: definition.type,
    description: definition.description.en,
    "x-family": definition.family,
    "x-description": definition.description,
    "x-permissions": definition.permissions,
    examples: [{ id: `${definition.type}-example`, block_type: definition.type, ...definition.example }],
    properties,
  };
}

export interface WrittenSchemas {
  dir: string;
  files: string[];
}

export function writeJsonSchemas(outDir = DEFAULT_OUT_DIR): WrittenSchemas {
  fs.mkdirSync(outDir, { recursive: true });
  const files: string[] = [];
  const write = (name: string, value: unknown) => {
    fs.writeFileSync(path.join(outDir, name), `${JSON.stringify(value, null, 2)}\n`);
    files.push(name);
  };
  const definitions = Object.values(blockRegistry);
  for (const definition of definitions) write(`${definition.type}.json`, blockJsonSchema(definition));
  write("page.json", { ...(z.toJSONSchema(pageDataSchema, options) as JsonSchema), $id: "page.json", title: "page" });
  write(
    "index.json",
    definitions.map((d) => ({
      block_type: d.type,
      family: d.family,
      description: d.description,
      file: `${d.type}.json`,
    })),
  );
  return { dir: outDir, files };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_OUT_DIR;
  const { files } = writeJsonSchemas(outDir);
  console.log(`Wrote ${files.length} JSON Schema files to ${path.relative(process.cwd(), outDir) || "."}`);
}
