/**
 * In the studio's toolbar: the session menu (the account page, sign-out) and, below the
 * toolbar's row, the lock of the page being edited (Payload's model). Opening a published page takes its lock and renews it every
 * minute; a page another editor holds says who, with a take-over button; an editor whose
 * lock was taken over is told at the next renewal (every minute, and on coming back to the tab). Leaving the page gives the lock back.
 */
import { useEffect, useRef, useState } from "react";
import { Button, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { authPath } from "../../renderer/lib/studio-paths";
import type { Locale } from "../../schema/locales";
import { lockChanged, lockUnanswered } from "../shell/drafts";
import { Icon } from "../shell/icons";
import { useStudioStore } from "../store";
import "./studio-session.css";

/** Renewed well within the server's five minutes, so one missed beat loses nothing. */
const HEARTBEAT_MS = 60_000;

const lockSchema = z.object({
  lock: z.object({ editor: z.object({ id: z.string(), name: z.string() }), mine: z.boolean() }),
});

type LockState = { kind: "none" } | { kind: "mine" } | { kind: "held"; name: string } | { kind: "lost"; name: string };

async function lockCall(method: "POST" | "DELETE", path: string, body?: unknown, keepalive = false) {
  const response = await fetch(`/api/locks/${path}`, {
    method,
    headers: { accept: "application/json", "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
    keepalive,
  });
  const parsed = lockSchema.safeParse(await response.json().catch(() => null));
  return { status: response.status, lock: parsed.success ? parsed.data.lock : undefined };
}

/** The signed-in editor's menu, in the toolbar's row: the account page and sign-out. */
export function StudioSession({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  return (
    <MenuTrigger>
      {/* An icon: the toolbar's one row has no room for more words at 1280 px. */}
      <Button className="studio-button studio-icon-button studio-session-button" aria-label={t("studio.session.label")}>
        <Icon name="account" size={18} />
      </Button>
      <Popover className="studio-popover" placement="bottom end">
        <Menu className="studio-menu" aria-label={t("studio.session.label")}>
          <MenuItem id="account" className="studio-menu-item" href={authPath("account", locale)}>
            {t("studio.session.account")}
          </MenuItem>
          <MenuItem id="sign-out" className="studio-menu-item" href={authPath("sign-out", locale)}>
            {t("studio.session.sign-out")}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/**
 * The lock of the open page: taken on opening a published page, renewed every minute; a notice
 * under the toolbar's row says who holds it (with a take-over button) or who took it over.
 */
export function PageLock({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const pageId = useStudioStore((s) => (s.doc?.origin === "server" ? s.doc.page_id : null));
  const [state, setState] = useState<LockState>({ kind: "none" });
  const held = useRef(false);

  useEffect(() => {
    if (!pageId) return setState({ kind: "none" });
    const path = `${encodeURIComponent(siteId)}/${encodeURIComponent(pageId)}`;
    let stopped = false;
    const beat = async (first: boolean) => {
      // Opening the page takes it from this editor's own other session (`own`), never a renewal.
      const { status, lock } = await lockCall("POST", path, { takeover: false, own: first }).catch(() => ({
        status: 0,
        lock: undefined,
      }));
      if (stopped) return;
      if (status === 200) {
        held.current = true;
        setState({ kind: "mine" });
        lockChanged("mine");
      } else if (status === 423 && lock) {
        // Held by someone else: at the first beat they were there first; later, they took it over.
        const kind = first || !held.current ? "held" : "lost";
        setState({ kind, name: lock.editor.name });
        lockChanged(kind, lock.editor.name);
        held.current = false;
      } else if (status !== 423) {
        lockUnanswered();
      }
    };
    void beat(true);
    const timer = window.setInterval(() => void beat(false), HEARTBEAT_MS);
    const release = () => {
      if (held.current) void lockCall("DELETE", path, undefined, true).catch(() => undefined);
      held.current = false;
    };
    // Coming back to the tab renews at once: a take-over is known before any edit.
    const onFocus = () => void beat(false);
    window.addEventListener("pagehide", release);
    window.addEventListener("focus", onFocus);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener("pagehide", release);
      window.removeEventListener("focus", onFocus);
      release();
    };
  }, [pageId, siteId]);

  async function takeOver() {
    if (!pageId) return;
    const { status } = await lockCall("POST", `${encodeURIComponent(siteId)}/${encodeURIComponent(pageId)}`, {
      takeover: true,
    });
    if (status === 200) {
      held.current = true;
      setState({ kind: "mine" });
      // The draft comes with the page: the other editor's latest, to continue.
      lockChanged("mine");
    }
  }

  if (state.kind !== "held" && state.kind !== "lost") return null;
  return (
    <div role="alert" className="studio-lock">
      <span>
        {state.kind === "held"
          ? t("studio.lock.held", { name: state.name })
          : t("studio.lock.lost", { name: state.name })}
      </span>{" "}
      <button type="button" className="studio-button" onClick={takeOver}>
        {t("studio.lock.take-over")}
      </button>
    </div>
  );
}
