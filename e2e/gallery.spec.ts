/**
 * The designers' gallery (issue 3): every registered block type, from its example, in both
 * languages and the three colour schemes, with no console error and no axe violation.
 */
import { blockTypes } from "../schema/registry";
import { expect, expectNoAxeViolations, test } from "./helpers";

test.describe.configure({ timeout: 120_000 });

for (const lang of ["fr", "en"] as const) {
  for (const scheme of ["normal", "normal-grey", "inverted"] as const) {
    test(`gallery ${lang} in the ${scheme} scheme`, async ({ page }) => {
      await page.goto(`/${lang}/qa/blocks?scheme=${scheme}`);
      const items = page.locator("[data-gallery-type]");
      await expect(items).toHaveCount(blockTypes.length);
      // Every block type renders from its example: none is dropped by its own schema.
      await expect(page.locator(`[data-gallery-scheme="${scheme}"]`)).toHaveCount(blockTypes.length);
      await expectNoAxeViolations(page);
    });
  }
}

test("a block alone at /qa/blocks/{type}", async ({ page }) => {
  await page.goto("/en/qa/blocks/text_block_2?scheme=inverted");
  await expect(page.locator("[data-gallery-type]")).toHaveCount(1);
  await expect(page.locator('[data-block-type="text_block_2"]')).toHaveAttribute("data-scheme", "inverted");
});
