/** property_alert_block (blocks.md §4): intro + 6-step alert form. */
import type { propertyAlertBlock } from "../../../schema/blocks/forms";
import AlertForm from "../../features/multistep/AlertForm";
import { RichText } from "../../ui/RichText";
import type { BlockViewProps } from "../types";

export default function PropertyAlertBlock({ fields }: BlockViewProps<typeof propertyAlertBlock>) {
  return (
    <section className="container section property-alert-block">
      <AlertForm
        title={fields.main_title}
        intro={fields.description ? <RichText html={fields.description} /> : undefined}
        startLabel={fields.start_label}
        successMessage={fields.success_message}
      />
    </section>
  );
}
