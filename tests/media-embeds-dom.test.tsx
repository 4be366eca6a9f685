// @vitest-environment jsdom
/** Script embed in the browser: markup, scripts created after mount with the page's nonce (blocks.md §3 Script block). */
import { cleanup, render } from "@testing-library/react";
import type { ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import ScriptEmbed from "../renderer/blocks/embeds/ScriptEmbed";

const code =
  '<p id="note">Taux</p><script src="https://cdn.example/w.js"></script><script>window.__embedRan = 1;</script>';

function props(frontend_only: boolean) {
  const fields = { script_content: code };
  return {
    block: {
      id: "s1",
      block_type: "script_embed_block",
      block_params: { frontend_only },
      fields: { fr: fields, en: fields },
    },
    fields,
    params: { frontend_only, padding: { top: 40, right: 0, bottom: 40, left: 0 } },
    ctx: { locale: "fr", siteType: "broker", index: 0, region: "content" },
  } as unknown as ComponentProps<typeof ScriptEmbed>;
}

afterEach(() => {
  cleanup();
  document.head.innerHTML = "";
});

describe("script_embed_block", () => {
  it("prints nothing of the code on the server when frontend_only", () => {
    const html = renderToString(<ScriptEmbed {...props(true)} />);
    expect(html).not.toContain("Taux");
    expect(html).not.toContain("<script");
  });

  it("prints the markup without scripts on the server when not frontend_only", () => {
    const html = renderToString(<ScriptEmbed {...props(false)} />);
    expect(html).toContain('<p id="note">Taux</p>');
    expect(html).not.toContain("<script");
  });

  it("adds the markup and creates the scripts with the page's nonce after mount", () => {
    const printed = document.createElement("script");
    printed.setAttribute("nonce", "abc123");
    document.head.append(printed);
    const { container } = render(<ScriptEmbed {...props(true)} />);
    expect(container.querySelector("#note")?.textContent).toBe("Taux");
    const scripts = [...container.querySelectorAll("script")];
    expect(scripts).toHaveLength(2);
    expect(scripts.map((s) => s.nonce)).toEqual(["abc123", "abc123"]);
    expect(scripts[0]?.getAttribute("src")).toBe("https://cdn.example/w.js");
    expect(scripts[0]?.async).toBe(false);
    expect(scripts[1]?.text).toBe("window.__embedRan = 1;");
    // jsdom's window is 1024 wide (lg up, xl down): padding × 0.75.
    expect(window.innerWidth).toBe(1024);
    expect((container.firstElementChild as HTMLElement).style.padding).toBe("30px 0px");
  });

  it("removes its scripts on unmount", () => {
    const { container, unmount } = render(<ScriptEmbed {...props(false)} />);
    const root = container.querySelector(".script-embed__content");
    expect(root?.querySelectorAll("script")).toHaveLength(2);
    unmount();
    expect(root?.querySelectorAll("script")).toHaveLength(0);
  });
});
