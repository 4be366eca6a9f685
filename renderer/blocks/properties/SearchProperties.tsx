import type { searchPropertiesBlock } from "../../../schema/blocks/properties";
import { blockFilterDefaults } from "../../features/search/first-page";
import { SearchBlock } from "../../features/search/SearchBlock";
import type { BlockViewProps } from "../types";

export default function SearchProperties({ params, fields }: BlockViewProps<typeof searchPropertiesBlock>) {
  return <SearchBlock defaults={blockFilterDefaults(params)} showMap={params.show_map} title={fields.main_title} />;
}
