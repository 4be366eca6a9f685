/**
 * What publishing will take out of an embed's markup, said before it happens (issue 33): the
 * same sanitiser the server runs (renderer/blocks/embeds/markup.ts), here with the browser's
 * DOMPurify, so a pasted frame from a host that is not allowed, a form or an event handler does
 * not vanish from the public page without a word.
 */
import DOMPurify from "dompurify";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { splitScripts } from "../../renderer/blocks/embeds/logic";
import { type RemovedMarkup, sanitizeEmbedMarkup } from "../../renderer/blocks/embeds/markup";
import { FRAME_PROVIDERS } from "../../schema/embed-frames";
import { useFrameHosts } from "../shell/frame-hosts";

/** What will be removed from `code` (its markup; scripts are kept), or [] when nothing. */
export function removedFromEmbed(code: string, frameHosts: readonly string[]): RemovedMarkup[] {
  if (!code.trim() || !DOMPurify.isSupported) return [];
  const { html } = splitScripts(code);
  return html ? sanitizeEmbedMarkup(DOMPurify, html, { frameHosts }).removed : [];
}

export function EmbedWarning({ code, id }: { code: string; id: string }) {
  const { t } = useTranslation();
  const frameHosts = useFrameHosts();
  const removed = useMemo(() => removedFromEmbed(code, frameHosts), [code, frameHosts]);
  if (removed.length === 0) return null;
  const allowed = [...FRAME_PROVIDERS.map((p) => p.name), ...frameHosts].join(", ");
  return (
    <div id={id} className="sf-note" role="note">
      <p>{t("studio.fields.embedRemoved", { count: removed.length })}</p>
      <ul>
        {removed.map((entry) => (
          <li key={JSON.stringify(entry)}>
            {entry.kind === "frame"
              ? t("studio.fields.embedRemovedFrame", { host: entry.host || "?" })
              : entry.kind === "element"
                ? t("studio.fields.embedRemovedElement", { tag: entry.tag })
                : t("studio.fields.embedRemovedAttribute", { name: entry.name, tag: entry.tag })}
          </li>
        ))}
      </ul>
      {removed.some((entry) => entry.kind === "frame") && (
        <p>{t("studio.fields.embedAllowedFrames", { providers: allowed })}</p>
      )}
    </div>
  );
}
