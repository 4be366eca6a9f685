import type { z } from "zod";
import type { BlockDefinition, InferBlock } from "../../schema/block";
import type { Locale, SiteType } from "../../schema/common";

/** Page-level facts a block may need besides its own data. */
export interface BlockContext {
  locale: Locale;
  siteType: SiteType;
  /** Position in its list, and the list it is in. */
  index: number;
  region: "header" | "content" | "footer";
  /** Type of the previous block in the page, if any (contained modes, overlaps). */
  previousType?: string;
  /** Type of the next block (transparent headers over dark blocks). */
  nextType?: string;
  nextScheme?: string;
  variantId?: string;
  /** This block carries the page's h1 (blocks/page-title.ts). */
  pageTitle?: boolean;
}

export interface BlockViewProps<D extends BlockDefinition> {
  block: InferBlock<D>;
  /** The block's fields in the visitor's locale. */
  fields: z.output<D["fields"]>;
  params: z.output<D["params"]>;
  ctx: BlockContext;
}
