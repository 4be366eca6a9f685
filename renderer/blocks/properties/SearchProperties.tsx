import type { searchPropertiesBlock } from "../../../schema/blocks/properties";
import { SearchBlock } from "../../features/search/SearchBlock";
import type { BlockViewProps } from "../types";

export default function SearchProperties({ params, fields, ctx }: BlockViewProps<typeof searchPropertiesBlock>) {
  const {
    show_map,
    color_scheme: _c,
    bg_color_primary: _b1,
    bg_color_secondary: _b2,
    text_color: _t,
    anchor: _a,
    ...defaults
  } = params;
  // The search opens the page it is the first block of: its title is then the page's h1.
  return (
    <SearchBlock
      defaults={defaults}
      showMap={show_map}
      title={fields.main_title}
      headingLevel={ctx.region === "content" && ctx.index === 0 ? 1 : 2}
    />
  );
}
