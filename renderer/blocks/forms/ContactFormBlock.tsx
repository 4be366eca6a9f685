/** contact_form_block (blocks.md §3): the contact form, full width or centred. */
import type { contactFormBlock } from "../../../schema/blocks/forms";
import ContactForm from "../../features/contact/ContactForm";
import { RichText } from "../../ui/RichText";
import type { BlockViewProps } from "../types";

export default function ContactFormBlock({ fields, params }: BlockViewProps<typeof contactFormBlock>) {
  return (
    <section className="container section contact-form-block" data-orientation={params.orientation_x}>
      <ContactForm
        title={fields.main_title}
        intro={fields.description ? <RichText html={fields.description} /> : undefined}
        recipientType={params.recipient_type}
        recipientSlug={params.recipient_slug || undefined}
        askPreferredCommunication={params.ask_preferred_communication}
      />
    </section>
  );
}
