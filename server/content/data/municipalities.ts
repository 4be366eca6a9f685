/** The municipalities fixture (fixtures/municipalities.json), validated. */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

export const municipalityFixtureSchema = z.object({
  MUN_CODE: z.string().regex(/^[\w-]+$/),
  DESCRIPTION: z.string().min(1),
  region: z.string().min(1),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  population: z.number().int().positive(),
  official_code: z.boolean(),
});
export type MunicipalityFixture = z.infer<typeof municipalityFixtureSchema>;

export const MUNICIPALITIES_FILE = path.resolve(import.meta.dirname, "../../../fixtures/municipalities.json");

export function loadMunicipalities(file = MUNICIPALITIES_FILE): MunicipalityFixture[] {
  const raw = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
  const parsed = z.object({ municipalities: z.array(municipalityFixtureSchema).min(1) }).safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid fixture ${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data.municipalities;
}
