/**
 * Overlays on PUBLIC pages for the editor who turned globalEditModeActivated on (spec README
 * decision 7). Loaded only by renderer/lib/edit-mode.ts, after it read the editor's settings:
 * each permitted button opens the studio on this page and block.
 */
import "../i18n";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { BlockDecorator } from "../../renderer/blocks/BlockList";
import type { BlockContext } from "../../renderer/blocks/types";
import type { Block } from "../../schema/block";
import { getBlockDefinition } from "../../schema/registry";

function studioHref(ctx: BlockContext, block: Block, action: string) {
  const params = new URLSearchParams({ page: window.location.pathname, block: block.id, action });
  return `/${ctx.locale}/qa/sections?${params}`;
}

function PublicOverlay({ block, ctx, children }: { block: Block; ctx: BlockContext; children: ReactNode }) {
  const { t } = useTranslation();
  const permissions = getBlockDefinition(block.block_type)?.permissions;
  if (!permissions) return children;
  const actions = [
    permissions.colorScheme ? { name: "color-scheme", label: t("studio.overlay.color-scheme"), icon: "◐" } : null,
    permissions.edit ? { name: "edit", label: t("studio.overlay.edit"), icon: "✎" } : null,
    permissions.delete ? { name: "delete", label: t("studio.overlay.delete"), icon: "✕" } : null,
  ].filter((a) => a !== null);
  return (
    <div className="studio-public-block" style={{ position: "relative" }}>
      <div
        role="toolbar"
        aria-label={t("studio.overlay.toolbar", { type: block.block_type })}
        style={{ position: "absolute", top: 6, right: 6, zIndex: 30, display: "flex", gap: 2 }}
      >
        {actions.map((a) => (
          <a
            key={a.name}
            href={studioHref(ctx, block, a.name)}
            title={`${a.label} (${t("studio.overlay.open-studio")})`}
            data-action={a.name}
            style={{
              background: "#fff",
              color: "#13233a",
              border: "1px solid #6b7683",
              padding: "4px 8px",
              borderRadius: 3,
            }}
          >
            <span aria-hidden="true">{a.icon}</span>
            <span
              className="studio-sr-only"
              style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
            >
              {a.label}
            </span>
          </a>
        ))}
      </div>
      {children}
    </div>
  );
}

export const publicDecorator: BlockDecorator = (block, rendered, ctx) => (
  <PublicOverlay block={block} ctx={ctx}>
    {rendered}
  </PublicOverlay>
);
