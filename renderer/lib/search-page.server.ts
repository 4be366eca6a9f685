/**
 * The property search's first page of results for the page's HTML (features/search/first-page.ts):
 * the page route's loader asks for it when the page has a search block, with the filters the
 * block starts from. A failed call leaves it out: the block asks from the browser, as before.
 */
import { propertiesPageAnswerSchema, searchFiltersAnswerSchema } from "../../schema/api";
import { compact, initialFilters } from "../features/search/filters";
import { blockFilterDefaults, firstPageQuery, type SearchFirstPage } from "../features/search/first-page";
import type { AppServices } from "./context";
import type { PageView } from "./page-loader.server";

/** The first page as JSON text (one value in the route's data), or undefined when the page has no search. */
export async function searchFirstPage(view: PageView, url: URL, services: AppServices): Promise<string | undefined> {
  const block = view.content.find((b) => b.block_type === "search_properties_block");
  if (!block) return undefined;
  // As the block starts (SearchBlock: its defaults, the URL's filters over them).
  const filters = initialFilters(compact(blockFilterDefaults(block.block_params)), url.searchParams);
  const query = firstPageQuery(filters);
  try {
    const site = await services.content.firstLoad(url.host);
    const get = async (path: string) => {
      const response = await services.content.fetch(`/api/swc/${site.microsite_id}${path}`, {
        headers: { "x-site-key": site.site_key },
        locale: view.locale,
      });
      if (response.ok) return (await response.json()) as unknown;
      await response.body?.cancel();
      return undefined;
    };
    const [results, options] = await Promise.all([get(`/properties?${query}`), get("/search-filters")]);
    const answer = propertiesPageAnswerSchema.safeParse(results);
    const filterOptions = searchFiltersAnswerSchema.safeParse(options);
    if (!answer.success || !filterOptions.success) return undefined;
    const page: SearchFirstPage = {
      query,
      total: answer.data.data.total,
      // What the cards and the map's popups read (features/search/api.ts), nothing more in the HTML.
      propertiesListing: answer.data.data.propertiesListing.map((l) => ({
        uls: l.uls,
        type: l.type,
        address: l.address,
        price: l.price,
        forSaleForRent: l.forSaleForRent,
        url: l.url,
        carousel_images: l.carousel_images,
        property_image: l.property_image,
        specs: l.specs,
        badge: l.badge,
        coords: l.coords,
      })),
      municipalities: filterOptions.data.municipalities,
      price_increments: filterOptions.data.price_increments,
    };
    return JSON.stringify(page);
  } catch (error) {
    console.warn(`[search ${view.path}] first page not rendered: ${(error as Error).message}`);
    return undefined;
  }
}
