/**
 * Rich text with TipTap (loaded lazily with the first richtext field). Its own undo
 * history is off: the studio owns Ctrl/Cmd+Z, so undo is one stack for the whole page.
 * Each change says whether it is typing (text in or out, Enter, Backspace) — the studio
 * merges a typing burst into one undo step — or a command (bold, heading, list, link,
 * paste), which is a step of its own. Output is stored as HTML that went through DOMPurify.
 */
import type { Transaction } from "@tiptap/pm/state";
import { ReplaceStep } from "@tiptap/pm/transform";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../shell/icons";
import { sanitizeRichText } from "./sanitize";
import { checkLinkUrl } from "./url";

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange: (html: string, change: { typing: boolean }) => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  /** Asks for a link URL; defaults to window.prompt. */
  promptUrl?: (current: string) => string | null;
}

export const richTextExtensions = [
  StarterKit.configure({
    undoRedo: false,
    heading: { levels: [2, 3, 4] },
    codeBlock: false,
    code: false,
    horizontalRule: false,
    underline: false,
    // No empty paragraph appended after a heading or list: stored HTML stays as written.
    trailingNode: false,
    link: { openOnClick: false, autolink: true, HTMLAttributes: { rel: null, target: null } },
  }),
];

/** Typing changes only text: every step replaces a range (no mark, block type or wrapping change), and it is no paste or drop. */
export function isTypingTransaction(tr: Transaction): boolean {
  const uiEvent = tr.getMeta("uiEvent");
  if (tr.getMeta("paste") || uiEvent === "paste" || uiEvent === "drop") return false;
  return tr.steps.length > 0 && tr.steps.every((step) => step instanceof ReplaceStep);
}

type ToolbarState = Record<"bold" | "italic" | "h2" | "h3" | "h4" | "bulletList" | "orderedList" | "link", boolean>;

function readState(editor: Editor | null): ToolbarState {
  return {
    bold: editor?.isActive("bold") ?? false,
    italic: editor?.isActive("italic") ?? false,
    h2: editor?.isActive("heading", { level: 2 }) ?? false,
    h3: editor?.isActive("heading", { level: 3 }) ?? false,
    h4: editor?.isActive("heading", { level: 4 }) ?? false,
    bulletList: editor?.isActive("bulletList") ?? false,
    orderedList: editor?.isActive("orderedList") ?? false,
    link: editor?.isActive("link") ?? false,
  };
}

export default function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation();
  const { id, label, value, onChange } = props;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The last HTML this editor emitted: a value equal to it comes from our own typing. */
  const emitted = useRef(value);

  const editor = useEditor({
    extensions: richTextExtensions,
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        class: "sf-richtext-content",
      },
    },
    onUpdate: ({ editor: current, transaction }) => {
      const html = sanitizeRichText(current.getHTML());
      emitted.current = html;
      onChangeRef.current(html, { typing: isTypingTransaction(transaction) });
    },
  });

  // Outside changes (undo, copy from the other language, the path box) replace the content.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    if (sanitizeRichText(editor.getHTML()) !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    const setAttr = (name: string, v: string | undefined) => {
      if (v === undefined) dom.removeAttribute(name);
      else dom.setAttribute(name, v);
    };
    setAttr("aria-invalid", props["aria-invalid"] ? "true" : undefined);
    setAttr("aria-describedby", props["aria-describedby"]);
  }, [editor, props["aria-invalid"], props["aria-describedby"]]);

  const state = useEditorState({ editor, selector: ({ editor: e }) => readState(e) }) ?? readState(null);

  return (
    <div className="sf-richtext">
      <RichTextToolbar editor={editor} state={state} label={label} promptUrl={props.promptUrl} t={t} />
      <EditorContent editor={editor} />
    </div>
  );
}

export function RichTextToolbar({
  editor,
  state,
  label,
  promptUrl,
  t,
}: {
  editor: Editor | null;
  state: ToolbarState;
  label: string;
  promptUrl?: (current: string) => string | null;
  t: (key: string, options?: Record<string, unknown>) => string;
}) {
  const run = (fn: (e: Editor) => void) => () => {
    if (editor) fn(editor);
  };
  const editLink = (e: Editor) => {
    const current = (e.getAttributes("link").href as string | undefined) ?? "";
    const ask = promptUrl ?? ((c: string) => window.prompt(t("studio.fields.richtext.linkPrompt"), c));
    const url = ask(current);
    if (url === null) return;
    if (url.trim() === "") {
      e.chain().focus().extendMarkRange("link").unsetLink().run();
      return;
    }
    if (checkLinkUrl(url.trim()) !== "ok") {
      window.alert(t("studio.fields.errors.url"));
      return;
    }
    e.chain().focus().extendMarkRange("link").setLink({ href: url.trim() }).run();
  };
  const buttons: { key: keyof ToolbarState; text: ReactNode; action: (e: Editor) => void }[] = [
    { key: "bold", text: "B", action: (e) => e.chain().focus().toggleBold().run() },
    { key: "italic", text: "I", action: (e) => e.chain().focus().toggleItalic().run() },
    { key: "h2", text: "H2", action: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
    { key: "h3", text: "H3", action: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
    { key: "h4", text: "H4", action: (e) => e.chain().focus().toggleHeading({ level: 4 }).run() },
    { key: "bulletList", text: "•", action: (e) => e.chain().focus().toggleBulletList().run() },
    { key: "orderedList", text: "1.", action: (e) => e.chain().focus().toggleOrderedList().run() },
    { key: "link", text: <Icon name="link" size={16} />, action: editLink },
  ];
  return (
    <div role="toolbar" aria-label={t("studio.fields.richtext.toolbar", { label })} className="sf-toolbar">
      {buttons.map((b) => (
        <button
          key={b.key}
          type="button"
          aria-pressed={state[b.key]}
          aria-label={t(`studio.fields.richtext.${b.key}`)}
          title={t(`studio.fields.richtext.${b.key}`)}
          disabled={!editor}
          onMouseDown={(e) => e.preventDefault()}
          onClick={run(b.action)}
        >
          <span aria-hidden="true">{b.text}</span>
        </button>
      ))}
    </div>
  );
}
