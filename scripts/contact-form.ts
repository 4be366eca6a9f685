/**
 * A contact form as a browser fills it, with the offline captcha's token (RECAPTCHA_OFFLINE or
 * NODE_ENV=test): the submission the durability tests and the fault run count by its marker.
 */
export function contactForm(marker: string, index: number): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    recaptcha_response: `offline-${marker}-${index}`,
    form_type: "contact_form",
    locale: index % 2 ? "en" : "fr",
    full_name: `Marie Lavoie${index}`,
    first_name: "Marie",
    last_name: `Lavoie${index}`,
    phone: "(514) 555-0199",
    email: `marie${index}@example.com`,
    message: `${marker} #${index}`,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}
