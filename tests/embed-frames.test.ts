/** The frames an embed may show (schema/embed-frames.ts), the page's CSP and the studio's warning (issue 33). */
// @vitest-environment jsdom
import DOMPurify from "dompurify";
import { describe, expect, it } from "vitest";
import { sanitizeEmbedMarkup } from "../renderer/blocks/embeds/markup";
import { contentSecurityPolicy } from "../renderer/lib/csp";
import { allowedFrame, blockedFrameHost, frameOrigins } from "../schema/embed-frames";
import { removedFromEmbed } from "../studio/fields/EmbedWarning";

describe("allowedFrame", () => {
  it("accepts the players' addresses and rewrites YouTube to its privacy-enhanced host", () => {
    expect(allowedFrame("https://www.youtube.com/embed/abcDEF12345")).toEqual({
      src: "https://www.youtube-nocookie.com/embed/abcDEF12345",
      provider: "YouTube",
    });
    expect(allowedFrame("//player.vimeo.com/video/123?h=9")?.provider).toBe("Vimeo");
    expect(allowedFrame("https://my.matterport.com/show/?m=abc")?.provider).toBe("Matterport");
    expect(allowedFrame("https://www.google.com/maps/embed?pb=1")?.provider).toBe("Google Maps");
  });

  it("refuses what is not a player: other paths of their hosts, http, credentials, ports, garbage", () => {
    for (const src of [
      "https://www.youtube.com/watch?v=abc",
      "https://www.google.com/",
      "https://vimeo.com/123",
      "http://player.vimeo.com/video/1",
      "https://user:pw@player.vimeo.com/video/1",
      "https://player.vimeo.com:8443/video/1",
      "javascript:alert(1)",
      "not a url",
      "",
      null,
    ])
      expect(allowedFrame(src), String(src)).toBeUndefined();
  });

  it("accepts any https page of a host the operator adds, and only that host", () => {
    expect(allowedFrame("https://tour.example.ca/a/b", ["tour.example.ca"])?.provider).toBe("tour.example.ca");
    expect(allowedFrame("https://evil.tour.example.ca/a", ["tour.example.ca"])).toBeUndefined();
  });
});

describe("the public CSP's frame-src", () => {
  const frameSrc = (policy: string) => policy.split("; ").find((d) => d.startsWith("frame-src")) ?? "";

  it("names the players, the captcha and the operator's hosts, and no longer every https page", () => {
    const directive = frameSrc(contentSecurityPolicy("n", { frameHosts: ["tour.example.ca"] }));
    for (const origin of [...frameOrigins(), "https://tour.example.ca", "https://www.google.com/recaptcha/"])
      expect(directive).toContain(origin);
    expect(directive.split(" ")).not.toContain("https:");
    expect(frameSrc(contentSecurityPolicy("n"))).not.toContain("tour.example.ca");
  });
});

describe("the studio's warning before publishing", () => {
  it("lists what the published page will not keep, as the server's sanitiser does", () => {
    const code =
      '<div onclick="x()">Taux</div><form action="/x"><input></form><iframe src="https://evil.example/a"></iframe>' +
      '<iframe src="https://www.youtube.com/embed/abcDEF12345"></iframe><script>init()</script>';
    expect(removedFromEmbed(code, [])).toEqual([
      { kind: "frame", host: "evil.example" },
      { kind: "attribute", name: "onclick", tag: "div" },
      { kind: "element", tag: "form" },
    ]);
    // Same code, the browser's sanitiser: the kept frame is the one the server keeps.
    const { html } = sanitizeEmbedMarkup(
      DOMPurify,
      '<iframe src="https://www.youtube.com/embed/abcDEF12345"></iframe>',
    );
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/abcDEF12345"');
  });

  it("says nothing when nothing is removed (scripts are kept: they are the block's purpose)", () => {
    expect(removedFromEmbed('<p>Taux</p><script src="https://cdn.example/w.js"></script>', [])).toEqual([]);
    expect(removedFromEmbed('<iframe src="https://tour.example.ca/x"></iframe>', ["tour.example.ca"])).toEqual([]);
  });
});

describe("blockedFrameHost (an external widget's address, in the studio)", () => {
  it("names a host the public CSP would block, and nothing for this site, the players or the operator's hosts", () => {
    expect(blockedFrameHost("/fr/widget/listings", "courtier.ca")).toBeUndefined();
    expect(blockedFrameHost("https://courtier.ca/fr/widget/listings", "courtier.ca")).toBeUndefined();
    expect(blockedFrameHost("https://player.vimeo.com/video/1", "courtier.ca")).toBeUndefined();
    expect(blockedFrameHost("https://widget.example.ca/search", "courtier.ca", ["widget.example.ca"])).toBeUndefined();
    expect(blockedFrameHost("https://widget.example.ca/search", "courtier.ca")).toBe("widget.example.ca");
    expect(blockedFrameHost("", "courtier.ca")).toBeUndefined();
  });
});
