/** property_valuation_block (blocks.md §4): intro + 7-step valuation form. */
import type { propertyValuationBlock } from "../../../schema/blocks/forms";
import ValuationForm from "../../features/multistep/ValuationForm";
import { RichText } from "../../ui/RichText";
import type { BlockViewProps } from "../types";

export default function PropertyValuationBlock({ fields }: BlockViewProps<typeof propertyValuationBlock>) {
  return (
    <section className="container section property-valuation-block">
      <ValuationForm
        title={fields.main_title}
        intro={fields.description ? <RichText html={fields.description} /> : undefined}
        startLabel={fields.start_label}
        successMessage={fields.success_message}
      />
    </section>
  );
}
