import { describe, expect, it } from "vitest";
import { parseYouTubeId, parseYouTubeStart, youTubeEmbedUrl, youTubeThumbnailUrl } from "../renderer/lib/youtube";

const ID = "dQw4w9WgXcQ";

describe("parseYouTubeId", () => {
  it.each([
    [`https://www.youtube.com/embed/${ID}`],
    [`https://www.youtube-nocookie.com/embed/${ID}?autoplay=1`],
    [`https://youtube.com/shorts/${ID}`],
    [`https://www.youtube.com/live/${ID}?si=abc`],
    [`https://www.youtube.com/watch?v=${ID}`],
    [`https://m.youtube.com/watch?feature=share&v=${ID}&t=42`],
    [`https://youtu.be/${ID}`],
    [`https://youtu.be/${ID}?t=90`],
    [`youtu.be/${ID}`],
    [`www.youtube.com/watch?v=${ID}`],
    [`  https://www.youtube.com/watch?v=${ID}  `],
  ])("recognises %s", (url) => {
    expect(parseYouTubeId(url)).toBe(ID);
  });

  it.each([
    [""],
    [undefined],
    ["https://vimeo.com/123456789"],
    ["https://www.youtube.com/channel/UC1234567890"],
    ["https://www.youtube.com/watch?list=PL123"],
    ["https://www.youtube.com/watch?v=short"],
    ["https://evil.example/embed/dQw4w9WgXcQ"],
    ["https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ"],
    ["javascript:alert(1)//youtu.be/dQw4w9WgXcQ"],
    ["not a url"],
  ])("rejects %s", (url) => {
    expect(parseYouTubeId(url)).toBeUndefined();
  });
});

describe("parseYouTubeStart", () => {
  it("reads seconds and h/m/s forms", () => {
    expect(parseYouTubeStart(`https://youtu.be/${ID}?t=90`)).toBe(90);
    expect(parseYouTubeStart(`https://youtu.be/${ID}?t=90s`)).toBe(90);
    expect(parseYouTubeStart(`https://youtu.be/${ID}?t=1m30s`)).toBe(90);
    expect(parseYouTubeStart(`https://www.youtube.com/embed/${ID}?start=12`)).toBe(12);
    expect(parseYouTubeStart(`https://youtu.be/${ID}`)).toBeUndefined();
    expect(parseYouTubeStart(`https://youtu.be/${ID}?t=abc`)).toBeUndefined();
  });
});

describe("youTubeEmbedUrl", () => {
  it("uses the privacy-enhanced host and the player parameters", () => {
    const url = new URL(
      youTubeEmbedUrl(ID, { language: "fr", autoplay: true, controls: false, loop: true, mute: true, start: 30 }),
    );
    expect(url.origin).toBe("https://www.youtube-nocookie.com");
    expect(url.pathname).toBe(`/embed/${ID}`);
    expect(url.searchParams.get("hl")).toBe("fr");
    expect(url.searchParams.get("autoplay")).toBe("1");
    expect(url.searchParams.get("controls")).toBe("0");
    expect(url.searchParams.get("loop")).toBe("1");
    expect(url.searchParams.get("playlist")).toBe(ID);
    expect(url.searchParams.get("mute")).toBe("1");
    expect(url.searchParams.get("start")).toBe("30");
  });

  it("leaves out loop, playlist, mute and start when not asked for", () => {
    const url = new URL(youTubeEmbedUrl(ID, { language: "en" }));
    expect(url.searchParams.get("autoplay")).toBe("0");
    expect(url.searchParams.get("controls")).toBe("1");
    expect(url.searchParams.has("loop")).toBe(false);
    expect(url.searchParams.has("playlist")).toBe(false);
    expect(url.searchParams.has("mute")).toBe(false);
    expect(url.searchParams.has("start")).toBe(false);
  });

  it("builds the thumbnail URL", () => {
    expect(youTubeThumbnailUrl(ID)).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
  });
});
