/** Text, media and embed blocks on /fr/services and /en/services (blocks.md §2, §4, §9). */
import { expect, expectNoAxeViolations, t, test } from "./helpers";

const carousel = '[data-block-type="medias_carousel_block"]';
const iframeBlock = '[data-block-type="property_iframe_block"]';

test("the medias carousel's next and previous wrap and update the count", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/fr/services");
  const block = page.locator(carousel);
  const count = block.locator(".carousel__count");
  const label = (current: number) =>
    t("fr", "carousel.count").replace("{{current}}", String(current)).replace("{{total}}", "3");
  await expect(count).toHaveText(label(1));
  const next = block.getByRole("button", { name: t("fr", "carousel.next") });
  const previous = block.getByRole("button", { name: t("fr", "carousel.previous") });
  // The first click may land before hydration: retry it until the carousel answers.
  await expect(async () => {
    await previous.click();
    await expect(count).toHaveText(label(3), { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await next.click();
  await expect(count).toHaveText(label(1));
  await next.click();
  await expect(count).toHaveText(label(2));
  await expect(block.getByRole("group", { name: label(2) })).not.toHaveAttribute("aria-hidden", "true");
});

test("the list block renders an ordered list", async ({ page }) => {
  await page.goto("/fr/services");
  const list = page.locator('[data-block-type="list_block"] ol');
  await expect(list).toBeVisible();
  await expect(list.locator("> li")).toHaveCount(4);
  await expect(list.locator("> li").first()).toHaveText("Obtenir une préapprobation hypothécaire");
});

test("the property iframe resizes on its own messages and ignores other origins", async ({ page }) => {
  await page.goto("/fr/services");
  const iframe = page.locator(`${iframeBlock} iframe`);
  await iframe.scrollIntoViewIfNeeded();
  const src = new URL((await iframe.getAttribute("src")) ?? "", page.url());
  expect(src.pathname).toBe("/fr/widget/listings");
  expect(src.searchParams.get("model")).toBe("v5");
  expect(src.searchParams.get("shareUrl")).toBe(page.url());

  // The widget posts its own height on load.
  await expect(iframe).toHaveAttribute("data-height", /^\d+$/);
  const frame = page.frameLocator(`${iframeBlock} iframe`);
  // The listings widget: cards of listings for sale and a link to the full search.
  await expect(frame.getByRole("link", { name: "Voir toutes les propriétés à vendre" })).toBeVisible();
  await expect(frame.locator(".property-card").first()).toBeVisible();

  // A valid message from the widget's own origin resizes the iframe.
  const widget = page.frames().find((f) => f.url().includes("/fr/widget/listings"));
  if (!widget) throw new Error("widget frame not found");
  await widget.evaluate(() => parent.postMessage({ eventId: "remaxIframeHeight", height: 1234 }, "*"));
  await expect(iframe).toHaveAttribute("data-height", "1234");
  await expect.poll(async () => (await iframe.boundingBox())?.height).toBe(1234);

  // Malformed data from the right origin is ignored.
  await widget.evaluate(() => parent.postMessage({ eventId: "remaxIframeHeight", height: "900" }, "*"));

  // A frame of another origin (a sandboxed srcdoc has the opaque origin "null") posting
  // the same well-formed message is ignored.
  await page.evaluate(() => {
    const foreign = document.createElement("iframe");
    foreign.id = "foreign-widget";
    foreign.title = "foreign";
    foreign.setAttribute("sandbox", "allow-scripts");
    // srcdoc inherits the page's CSP: the script carries the page's nonce.
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
    foreign.srcdoc = `<script nonce="${nonce}">parent.postMessage({ eventId: "remaxIframeHeight", height: 345 }, "*"); document.title = "sent";</script>`;
    document.body.append(foreign);
  });
  // Its script ran, so its message was posted.
  await expect
    .poll(async () => {
      const titles = await Promise.all(page.frames().map((f) => f.title().catch(() => "")));
      return titles.includes("sent");
    })
    .toBe(true);
  // A synthetic event claiming another origin is ignored as well.
  await page.evaluate(() =>
    window.dispatchEvent(
      new MessageEvent("message", {
        origin: "https://evil.example",
        data: { eventId: "remaxIframeHeight", height: 222 },
      }),
    ),
  );
  // Let the ignored messages be delivered: the iframe keeps the last valid height.
  await page.waitForTimeout(300);
  await expect(iframe).toHaveAttribute("data-height", "1234");
  // The listener is still there.
  await widget.evaluate(() => parent.postMessage({ eventId: "remaxIframeHeight", height: 1111 }, "*"));
  await expect(iframe).toHaveAttribute("data-height", "1111");
});

for (const locale of ["fr", "en"] as const) {
  test(`/${locale}/services has no axe violations`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(`/${locale}/services`);
    await expect(page.locator(`${iframeBlock} iframe`)).toBeAttached();
    await expectNoAxeViolations(page);
  });
}

test("contact infos show the chosen contact details with links", async ({ page }) => {
  await page.goto("/en/contact");
  const block = page.locator('[data-block-type="contact_infos_block"]');
  await expect(block.locator("[data-key]")).toHaveCount(4);
  await expect(block.getByRole("link", { name: "418 555-0142" }).first()).toHaveAttribute("href", "tel:+14185550142");
  await expect(block.getByRole("link", { name: "julie@julietremblay.ca" })).toHaveAttribute(
    "href",
    "mailto:julie@julietremblay.ca",
  );
});
