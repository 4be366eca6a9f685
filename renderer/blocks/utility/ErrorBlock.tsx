/**
 * Error block (blocks.md §2, §8): "{statusCode} error" by default, the message of
 * the status (403, 404, 500, 503), "Refresh the page" and "Go to home page", and
 * the debug info in a collapsible panel when `show_debug` is on.
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { errorBlock } from "../../../schema/blocks/utility";
import { RichText } from "../../ui/RichText";
import { SmartLink } from "../../ui/SmartLink";
import { Text } from "../../ui/Text";
import type { BlockViewProps } from "../types";

export default function ErrorBlock({ fields, params, ctx }: BlockViewProps<typeof errorBlock>) {
  const { t } = useTranslation();
  const status = params.status_code;
  const headingId = `${useId()}-title`;
  const title = fields.main_title || t("blocks.block-error.default-title", { statusCode: status });
  return (
    <section className="container section error-block" data-status={status} aria-labelledby={headingId}>
      <Text value={title} as="h2" className="title-2" id={headingId} />
      {fields.description ? (
        <RichText html={fields.description} className="text-body" />
      ) : (
        <p className="text-body">{t(`errors.${status}-message`)}</p>
      )}
      <div className="btn-row error-block__actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t("blocks.block-error.refresh")}
        </button>
        <SmartLink link={{ url: `/${ctx.locale}`, target: "_self" }} className="btn btn-secondary">
          {t("blocks.block-error.home")}
        </SmartLink>
      </div>
      {params.show_debug && fields.debug_info ? (
        <details className="error-block__debug">
          <summary>{t("blocks.block-error.debug")}</summary>
          <pre>{fields.debug_info}</pre>
        </details>
      ) : null}
    </section>
  );
}
