/**
 * Validation that speaks the editor's language. Zod's own messages are English, and its French
 * locale (`z.locales.frCA()`) speaks to developers ("Entrée invalide : attendu string, reçu
 * number"); the studio passes this error map to every parse of a block instead, so the canvas's
 * error cards, the edit panel and the publish dialog say "Ce champ est obligatoire." in the
 * studio's language. A parse-level map wins over a schema's own message: the colour fields'
 * English pattern message is replaced too. `custom` issues (refinements) keep their message.
 */
import type { TFunction } from "i18next";
import type { z } from "zod";
import { HEX_COLOUR } from "../schema/fields";

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const TYPE_KEYS: Record<string, string> = {
  string: "text",
  number: "number",
  int: "integer",
  boolean: "boolean",
  array: "list",
  object: "group",
  record: "group",
};

function numeric(value: unknown): string {
  return typeof value === "bigint" ? value.toString() : String(value);
}

/** The message for one zod issue, or undefined to keep zod's (custom refinements). */
export function validationMessage(t: TFunction, issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null) return t("studio.validation.required");
      const key = TYPE_KEYS[issue.expected];
      return key ? t(`studio.validation.type.${key}`) : t("studio.validation.invalid");
    }
    case "invalid_value":
      return issue.values.length === 1
        ? t("studio.validation.literal", { value: numeric(issue.values[0]) })
        : t("studio.validation.choice");
    case "too_small": {
      const min = numeric(issue.minimum);
      if (issue.origin === "string")
        return min === "1" ? t("studio.validation.empty") : t("studio.validation.min-length", { min });
      if (issue.origin === "array") return t("studio.validation.min-items", { min });
      return issue.inclusive ? t("studio.validation.min", { min }) : t("studio.validation.more-than", { min });
    }
    case "too_big": {
      const max = numeric(issue.maximum);
      if (issue.origin === "string") return t("studio.validation.max-length", { max });
      if (issue.origin === "array") return t("studio.validation.max-items", { max });
      return issue.inclusive ? t("studio.validation.max", { max }) : t("studio.validation.less-than", { max });
    }
    case "invalid_format":
      if (issue.format === "regex" && issue.pattern === String(HEX_COLOUR)) return t("studio.validation.colour");
      if (issue.format === "starts_with")
        return t("studio.validation.starts-with", { prefix: (issue as { prefix?: string }).prefix ?? "" });
      return t("studio.validation.format");
    case "not_multiple_of":
      return t("studio.validation.multiple-of", { divisor: numeric(issue.divisor) });
    case "unrecognized_keys":
      return t("studio.validation.unknown-keys", { keys: issue.keys.join(", ") });
    case "custom":
      return undefined;
    default:
      return t("studio.validation.invalid");
  }
}

/** A zod error map (`schema.safeParse(value, { error })`) in the language of `t`. */
export function studioErrorMap(t: TFunction): z.core.$ZodErrorMap {
  return (issue) => validationMessage(t, issue);
}
