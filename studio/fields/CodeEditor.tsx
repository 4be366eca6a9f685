/**
 * Code fields with Monaco (lazy: this module and Monaco load when a code field opens).
 * Ctrl/Cmd+Z and redo go to the studio's single undo stack instead of Monaco's.
 */
import Editor, { type OnMount } from "@monaco-editor/react";
import { useTranslation } from "react-i18next";
import { monaco } from "./monaco-setup";
import { useFieldsStore } from "./store-adapter";

export interface CodeEditorProps {
  id: string;
  label: string;
  language: "html" | "javascript" | "css" | "json";
  value: string;
  onChange: (value: string) => void;
}

export default function CodeEditor({ id, label, language, value, onChange }: CodeEditorProps) {
  const { t } = useTranslation();
  const store = useFieldsStore();
  const onMount: OnMount = (editor) => {
    const { KeyMod, KeyCode } = monaco;
    editor.addCommand(KeyMod.CtrlCmd | KeyCode.KeyZ, () => store.getState().undo());
    editor.addCommand(KeyMod.CtrlCmd | KeyMod.Shift | KeyCode.KeyZ, () => store.getState().redo());
    editor.addCommand(KeyMod.CtrlCmd | KeyCode.KeyY, () => store.getState().redo());
    const textarea = editor.getDomNode()?.querySelector("textarea");
    textarea?.setAttribute("id", id);
    textarea?.setAttribute("aria-label", label);
    editor.focus();
  };
  return (
    <div className="sf-code">
      <Editor
        height="240px"
        language={language}
        value={value}
        onChange={(next) => onChange(next ?? "")}
        onMount={onMount}
        loading={t("studio.fields.loadingEditor")}
        options={{
          minimap: { enabled: false },
          wordWrap: "on",
          scrollBeyondLastLine: false,
          tabSize: 2,
          ariaLabel: label,
          fontSize: 13,
        }}
      />
      <p className="sf-hint">{t("studio.fields.codeEscapeHint")}</p>
    </div>
  );
}
