/**
 * A block's action bar on the canvas: drag, edit, duplicate, delete and a menu (colour scheme,
 * move up or down, reset). It shows on hover, focus or selection only (studio.css), so the page
 * stays readable. It is one tab stop: arrows move between its buttons (WAI-ARIA toolbar), Tab
 * goes on to the next block. Delete and duplicate show a toast with Annuler and move focus to
 * the neighbouring or new block.
 *
 * It depends on the block's place and scheme, not its content: a keystroke in the block
 * re-renders the block's preview, not its bar. The menu mounts only while open.
 */
import type { useSortable } from "@dnd-kit/sortable";
import { type KeyboardEvent, memo, useRef, useState } from "react";
import { Menu, MenuItem, MenuSection, Popover, Header as SectionHeader, Separator } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { BlockPermissions } from "../../schema/block";
import type { Locale } from "../../schema/common";
import { COLOR_SCHEME_LABELS } from "../../schema/labels";
import { COLOR_SCHEMES, type ColorScheme } from "../../schema/theme-values";
import { useAnnounce } from "../shell/announce";
import { Icon, type IconName } from "../shell/icons";
import { lastStep, showToast } from "../shell/toasts";
import { useViewStore } from "../shell/view";
import { useStudioStore } from "../store";
import { focusBlock, neighbourAfterRemoval } from "./focus";

export interface BlockBarProps {
  id: string;
  label: string;
  locale: Locale;
  index: number;
  total: number;
  scheme: string;
  permissions: BlockPermissions;
  /** The drag handle's wiring from useSortable (stable while no drag is active). */
  handleRef: (element: HTMLElement | null) => void;
  handleAttributes: ReturnType<typeof useSortable>["attributes"];
  handleListeners: ReturnType<typeof useSortable>["listeners"];
}

const actions = useStudioStore.getState;

function BarButton(props: {
  name: string;
  label: string;
  icon: IconName;
  stop: boolean;
  onPress: () => void;
  onFocus: () => void;
  buttonRef?: (element: HTMLButtonElement | null) => void;
  expanded?: boolean;
}) {
  return (
    <button
      type="button"
      ref={props.buttonRef}
      className="studio-bar-button"
      data-action={props.name}
      data-bar-item=""
      aria-label={props.label}
      title={props.label}
      aria-haspopup={props.expanded === undefined ? undefined : "menu"}
      aria-expanded={props.expanded}
      tabIndex={props.stop ? 0 : -1}
      onFocus={props.onFocus}
      onClick={(event) => {
        event.stopPropagation();
        props.onPress();
      }}
    >
      <Icon name={props.icon} size={18} />
    </button>
  );
}

export const BlockBar = memo(function BlockBar(props: BlockBarProps) {
  const { id, label, index, total, permissions } = props;
  const { t } = useTranslation();
  const announce = useAnnounce();
  const [stop, setStop] = useState(0);
  const [menuOpen, setMenuOpen] = useState(false);
  const moreRef = useRef<HTMLButtonElement | null>(null);
  const barRef = useRef<HTMLDivElement>(null);

  const edit = () => {
    actions().select(id);
    useViewStore.getState().requestPanel();
  };
  const duplicate = () => {
    const copy = actions().duplicateBlock(id);
    if (!copy) return;
    showToast({ text: t("studio.toast.duplicated", { name: label }), step: lastStep(), focusId: id });
    focusBlock(copy);
  };
  const remove = () => {
    const ids = actions().doc?.blocks.map((b) => b.id) ?? [];
    actions().removeBlock(id);
    showToast({ text: t("studio.toast.removed", { name: label }), step: lastStep(), focusId: id });
    const next = neighbourAfterRemoval(ids, index);
    if (next) focusBlock(next);
  };
  const move = (to: number) => {
    actions().moveBlock(id, to);
    announce(t("studio.announce.moved", { type: label, position: to + 1, total }));
    focusBlock(id);
  };

  const buttons: { name: string; label: string; icon: IconName; onPress: () => void }[] = [];
  if (permissions.edit) buttons.push({ name: "edit", label: t("studio.overlay.edit"), icon: "edit", onPress: edit });
  buttons.push({ name: "duplicate", label: t("studio.overlay.duplicate"), icon: "duplicate", onPress: duplicate });
  if (permissions.delete)
    buttons.push({ name: "delete", label: t("studio.overlay.delete"), icon: "delete", onPress: remove });
  // The drag handle comes first, the menu last.
  const count = buttons.length + 2;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    // While the handle carries a keyboard drag, arrows move the block (dnd-kit).
    if (target.getAttribute("aria-pressed") === "true") return;
    const items = Array.from(barRef.current?.querySelectorAll<HTMLElement>("[data-bar-item]") ?? []);
    const at = items.indexOf(target);
    if (at < 0) return;
    let next = -1;
    // Left and right only (a horizontal toolbar): up and down belong to a keyboard drag of the handle.
    if (event.key === "ArrowRight") next = (at + 1) % items.length;
    else if (event.key === "ArrowLeft") next = (at - 1 + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else if ((event.key === "Delete" || event.key === "Backspace") && permissions.delete) {
      event.preventDefault();
      remove();
      return;
    }
    if (next < 0) return;
    event.preventDefault();
    setStop(next);
    items[next]?.focus();
  };

  return (
    <div
      ref={barRef}
      className="studio-bar"
      role="toolbar"
      aria-label={t("studio.overlay.toolbar", { type: label })}
      data-first={index === 0 || undefined}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
    >
      <button
        type="button"
        ref={props.handleRef}
        className="studio-bar-button studio-drag-handle"
        data-action="drag"
        data-bar-item=""
        {...props.handleAttributes}
        {...props.handleListeners}
        tabIndex={stop === 0 ? 0 : -1}
        onFocus={() => setStop(0)}
        aria-label={t("studio.overlay.drag")}
        title={t("studio.overlay.drag")}
      >
        <Icon name="drag" size={18} />
      </button>
      {buttons.map((button, i) => (
        <BarButton key={button.name} {...button} stop={stop === i + 1} onFocus={() => setStop(i + 1)} />
      ))}
      <BarButton
        name="more"
        label={t("studio.overlay.more")}
        icon="more"
        stop={stop === count - 1}
        onFocus={() => setStop(count - 1)}
        buttonRef={(element) => {
          moreRef.current = element;
        }}
        expanded={menuOpen}
        onPress={() => setMenuOpen(true)}
      />
      {menuOpen ? (
        <BlockMenu
          {...props}
          triggerRef={moreRef}
          onClose={() => {
            setMenuOpen(false);
            moreRef.current?.focus();
          }}
          onMove={move}
        />
      ) : null}
    </div>
  );
});

function BlockMenu(
  props: BlockBarProps & {
    triggerRef: React.RefObject<HTMLButtonElement | null>;
    onClose: () => void;
    onMove: (to: number) => void;
  },
) {
  const { t } = useTranslation();
  const { id, index, total, permissions, locale } = props;
  const scheme = (COLOR_SCHEMES as readonly string[]).includes(props.scheme) ? props.scheme : "normal";
  return (
    <Popover
      triggerRef={props.triggerRef}
      isOpen
      onOpenChange={(open) => !open && props.onClose()}
      placement="bottom end"
      className="studio-popover"
    >
      <Menu
        aria-label={t("studio.overlay.more")}
        autoFocus="first"
        className="studio-menu"
        onAction={(key) => {
          if (key === "move-up") props.onMove(index - 1);
          else if (key === "move-down") props.onMove(index + 1);
          else if (key === "reset") actions().resetBlock(id);
        }}
        onClose={props.onClose}
      >
        {permissions.colorScheme ? (
          <>
            <MenuSection
              selectionMode="single"
              selectedKeys={[scheme]}
              disallowEmptySelection
              onSelectionChange={(keys) => {
                const next = [...(keys as Set<string>)][0];
                if (next && next !== props.scheme)
                  actions().setValue(id, "block_params.color_scheme", next as ColorScheme);
              }}
            >
              <SectionHeader className="studio-menu-header">{t("studio.overlay.color-scheme")}</SectionHeader>
              {COLOR_SCHEMES.map((value) => (
                <MenuItem key={value} id={value} className="studio-menu-item" data-scheme-option={value}>
                  {COLOR_SCHEME_LABELS[value][locale]}
                </MenuItem>
              ))}
            </MenuSection>
            <Separator className="studio-menu-separator" />
          </>
        ) : null}
        <MenuItem id="move-up" className="studio-menu-item" isDisabled={index === 0}>
          {t("studio.overlay.move-up")}
        </MenuItem>
        <MenuItem id="move-down" className="studio-menu-item" isDisabled={index >= total - 1}>
          {t("studio.overlay.move-down")}
        </MenuItem>
        <MenuItem id="reset" className="studio-menu-item">
          {t("studio.overlay.reset")}
        </MenuItem>
      </Menu>
    </Popover>
  );
}
