/**
 * Script embed (blocks.md §2 Property blocks, §3 Script block, §9): the editor's HTML
 * and scripts. Scripts run in the browser only, after mount, as new script elements
 * carrying the page's CSP nonce (read from the scripts React Router printed). With
 * `frontend_only` false the markup (without its scripts) is also printed on the server.
 * Padding scales by 0.5 below lg, 0.75 below xl, 1 above.
 */
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { scriptEmbedBlock } from "../../../schema/blocks/embeds";
import { useBreakpoints } from "../../lib/breakpoints";
import { useInStudio } from "../BlockList";
import type { BlockViewProps } from "../types";
import { scriptPadding, splitScripts } from "./logic";
import "../../messages/media";

export default function ScriptEmbed({ fields, params }: BlockViewProps<typeof scriptEmbedBlock>) {
  const { width } = useBreakpoints();
  const ref = useRef<HTMLDivElement>(null);
  const { html, scripts } = useMemo(() => splitScripts(fields.script_content), [fields.script_content]);
  const frontendOnly = params.frontend_only;
  // In the studio the editor's code neither runs nor draws (its markup is the draft's, not yet
  // sanitised, and the studio's policy allows no third-party script): a notice stands in.
  const inStudio = useInStudio();
  const { t } = useTranslation();

  useEffect(() => {
    const root = ref.current;
    if (!root || inStudio) return;
    if (frontendOnly) root.innerHTML = html;
    const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
    const created: HTMLScriptElement[] = [];
    for (const spec of scripts) {
      const script = document.createElement("script");
      for (const [name, value] of spec.attributes) {
        try {
          script.setAttribute(name, value);
        } catch {
          console.warn(`Script embed: attribute "${name}" ignored.`);
        }
      }
      if (nonce) script.nonce = nonce;
      // Dynamically inserted external scripts are async by default; keep the editor's order.
      if (script.src) script.async = script.hasAttribute("async");
      if (spec.text) script.text = spec.text;
      root.appendChild(script);
      created.push(script);
    }
    return () => {
      for (const script of created) script.remove();
      if (frontendOnly) root.innerHTML = "";
    };
  }, [html, scripts, frontendOnly, inStudio]);

  if (!fields.script_content?.trim()) return null;
  if (inStudio)
    return (
      <div className="script-embed" style={{ padding: scriptPadding(params.padding, width) }}>
        <div className="embed-studio-notice">
          <p>{t("embeds.script-in-studio")}</p>
          {/* The code's beginning, as text: what the block holds, run nowhere. */}
          <pre className="embed-studio-code">
            {fields.script_content.length > 400 ? `${fields.script_content.slice(0, 400)}…` : fields.script_content}
          </pre>
        </div>
      </div>
    );
  return (
    <div className="script-embed" style={{ padding: scriptPadding(params.padding, width) }}>
      {frontendOnly ? (
        <div ref={ref} className="script-embed__content" />
      ) : (
        <div ref={ref} className="script-embed__content" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </div>
  );
}
