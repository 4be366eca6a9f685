/**
 * External property search widget (blocks.md §2 Property blocks, §3 Iframe block,
 * §4 iframe resize, §9). The iframe URL gets the default query params and the
 * current page as shareUrl; it is built in the browser (the page URL is known there).
 * The block resizes on `{ eventId: "remaxIframeHeight", height }` messages from the
 * iframe itself, checked by origin and source.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { propertyIframeBlock } from "../../../schema/blocks/embeds";
import { Text } from "../../ui/Text";
import { useInStudio } from "../BlockList";
import type { BlockViewProps } from "../types";
import { buildIframeSrc, iframeHeightFromMessage, isNewModel } from "./logic";
import "../../messages/media";

const DEFAULT_HEIGHT = 800;

export default function PropertyIframe({ fields }: BlockViewProps<typeof propertyIframeBlock>) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [src, setSrc] = useState<URL | undefined>(undefined);
  const [height, setHeight] = useState<number | undefined>(undefined);
  const iframeUrl = fields.core_data?.iframeUrl;
  const queryParams = JSON.stringify(fields.core_data?.iframeQueryParams ?? []);
  const headingId = `${useId()}-title`;
  // The studio frames only its own site's pages (its policy's frame-src): another site's widget
  // is named, not loaded.
  const inStudio = useInStudio();
  const foreign = inStudio && src !== undefined && src.origin !== window.location.origin;

  useEffect(() => {
    const params = JSON.parse(queryParams) as { name: string; value: string }[];
    setSrc(buildIframeSrc(iframeUrl, params, window.location.href, window.location.href));
  }, [iframeUrl, queryParams]);

  useEffect(() => {
    if (!src) return;
    const origin = src.origin;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const next = iframeHeightFromMessage(event, origin);
      if (next !== undefined) setHeight(next);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [src]);

  if (!iframeUrl?.trim()) return null;
  return (
    <section
      className="section property-iframe"
      data-new-model={isNewModel(src) ? "" : undefined}
      aria-labelledby={fields.main_title ? headingId : undefined}
      aria-label={fields.main_title ? undefined : t("embeds.iframe-title")}
    >
      {fields.main_title ? (
        <div className="container">
          <Text value={fields.main_title} as="h2" className="title-2" id={headingId} />
        </div>
      ) : null}
      <div className="property-iframe__frame" style={{ minHeight: src ? undefined : DEFAULT_HEIGHT }}>
        {foreign ? (
          <p className="embed-studio-notice">{t("embeds.frame-in-studio", { host: src.host })}</p>
        ) : src ? (
          <iframe
            ref={frame}
            src={src.href}
            title={fields.main_title || t("embeds.iframe-title")}
            className="property-iframe__iframe"
            style={{ height: height ?? DEFAULT_HEIGHT }}
            data-height={height}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : null}
      </div>
    </section>
  );
}
