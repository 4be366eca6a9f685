import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockRegistry, blockTypes } from "../schema/registry";
import { writeJsonSchemas } from "../scripts/write-json-schema";

let dir: string;
let files: string[];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "schema-json-"));
  files = writeJsonSchemas(dir).files;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const read = (name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as Record<string, unknown>;

/** Every value of a key anywhere in a JSON document. */
function collect(value: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const item of value) collect(item, key, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) out.push(v);
      collect(v, key, out);
    }
  }
  return out;
}

describe("JSON Schema export", () => {
  it("writes one file per registered block, page.json and index.json", () => {
    expect(blockTypes.length).toBeGreaterThan(0);
    for (const type of blockTypes) expect(files).toContain(`${type}.json`);
    expect(files).toContain("page.json");
    expect(files).toContain("index.json");
  });

  it.each(blockTypes)("%s.json describes the block envelope with field kinds", (type) => {
    const schema = read(`${type}.json`);
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.block_type).toMatchObject({ const: type });
    expect(properties.block_params?.type).toBe("object");
    const fields = properties.fields?.properties as Record<string, Record<string, unknown>>;
    expect(fields.fr?.type).toBe("object");
    expect(fields.en?.type).toBe("object");
    expect(schema["x-family"]).toBe(blockRegistry[type]!.family);
    // Common params are always tagged (color_scheme is a select).
    expect(collect(schema, "x-field-kind")).toContain("select");
  });

  it("index.json lists every block with its family and description", () => {
    const index = JSON.parse(fs.readFileSync(path.join(dir, "index.json"), "utf8")) as {
      block_type: string;
      family: string;
      description: { fr: string; en: string };
    }[];
    expect(index.map((entry) => entry.block_type).sort()).toEqual([...blockTypes].sort());
    for (const entry of index) {
      expect(entry.family).toBe(blockRegistry[entry.block_type]!.family);
      expect(entry.description.fr).toBeTruthy();
      expect(entry.description.en).toBeTruthy();
    }
  });

  it("page.json is an object schema", () => {
    const page = read("page.json");
    expect(page.type).toBe("object");
    expect(page.properties).toBeTruthy();
  });
});
