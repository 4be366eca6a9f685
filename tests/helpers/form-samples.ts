/** Complete sample values of the multi-step forms, shared by the forms tests. */
import { type AlertValues, defaultAlertValues, defaultValuationValues, type ValuationValues } from "../../schema/forms";

export const details = { firstname: "Marie", lastname: "Lavoie", email: "marie@example.com", phone: "(514) 555-0199" };

export const validAlert = (): AlertValues => ({
  ...defaultAlertValues(details),
  municipalities: ["Québec", "Lévis"],
  moving_date: "60-120",
  current_situation: "tenant",
  bedrooms: "3",
  bathrooms: "1",
  address: "12, rue des Érables",
  postal_code: "G1V 4T3",
  city: "Québec",
  consent_email: true,
});

export const validValuation = (): ValuationValues => ({
  ...defaultValuationValues(details),
  municipalities: ["Lévis"],
  property_type: "condo",
  construction_year: "1998",
  bedrooms: "2",
  bathrooms: "1",
  parking: "1",
  garage: "0",
  livable_surface_area: "950",
  lot_surface_area: "0",
  address: "5700, boulevard Guillaume-Couture",
  postal_code: "G6V 3H1",
  city: "Lévis",
});
