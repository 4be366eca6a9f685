/** Municipalities of the multi-step forms: GET /api/swc/municipalities, fetched once per page load (site.md §4). */
import * as z from "zod/mini";

const answerSchema = z.object({
  municipalities: z.array(z.object({ MUN_CODE: z.string(), DESCRIPTION: z.string() })),
});
export type MunicipalityOption = { code: string; name: string };

let pending: Promise<MunicipalityOption[]> | undefined;

export function loadMunicipalities(): Promise<MunicipalityOption[]> {
  pending ??= (async () => {
    const response = await fetch("/api/swc/municipalities", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`Municipalities answered ${response.status}`);
    const { municipalities } = answerSchema.parse(await response.json());
    return municipalities
      .map((m) => ({ code: m.MUN_CODE, name: m.DESCRIPTION }))
      .sort((a, b) => a.name.localeCompare(b.name, "fr"));
  })();
  // A failed load may be tried again by the next form.
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}
