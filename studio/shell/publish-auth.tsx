/**
 * How the studio proves the editor may publish: everything about it is in this module, so the
 * editor accounts and sessions of issue 18 replace it without touching the publish dialog.
 *
 * Today: the site's shared editor key (`EDITOR_KEY` on the server), typed once per tab and kept
 * in sessionStorage (never localStorage, never in the bundle), sent as `x-editor-key`.
 */
import { useEffect, useState } from "react";
import { Input, Label, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";

const KEY_STORAGE = "studio:editor-key";

export interface PublishCredentials {
  /** Request headers that authorise the publish. */
  headers: Record<string, string>;
}

function readKey(): string {
  try {
    return sessionStorage.getItem(KEY_STORAGE) ?? "";
  } catch {
    return "";
  }
}

/** The dialog's part: the fields the editor fills in, and the credentials once they are there. */
export function usePublishAuth() {
  const [key, setKey] = useState("");
  useEffect(() => setKey(readKey()), []);
  return {
    ready: key.trim() !== "",
    credentials(): PublishCredentials {
      try {
        sessionStorage.setItem(KEY_STORAGE, key);
      } catch {
        // The key is asked for again next time.
      }
      return { headers: { "x-editor-key": key } };
    },
    field: <EditorKeyField value={key} onChange={setKey} />,
  };
}

function EditorKeyField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField className="studio-field" value={value} onChange={onChange} isRequired type="password">
      <Label>{t("studio.publish.key")}</Label>
      <Input autoComplete="off" className="studio-input" />
    </TextField>
  );
}
