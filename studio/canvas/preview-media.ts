/**
 * Phone and tablet previews lay blocks out at the preview's width, not the window's.
 *
 * Block and site stylesheets use width media queries (`@media (min-width: 992px)`), which follow
 * the studio's window: a 414 px preview showed the desktop layout squeezed. While a narrow
 * preview is shown, every width-only media rule of the site's stylesheets is switched off
 * (`not all`) and a copy of its rules is added as a container query on the canvas
 * (`@container studio-canvas (min-width: 992px)`); back on the desktop preview, or when the
 * studio closes, the rules are put back as they were. Rules for the studio's own chrome
 * (`.studio…` selectors, outside the canvas) keep following the window.
 * JavaScript breakpoints follow through `BreakpointsOverride` (renderer/lib/breakpoints.ts).
 */

export const CANVAS_CONTAINER = "studio-canvas";

/** `(min-width: 992px)`, `(max-width: 767.98px)`, joined by `and`: the media rules a preview maps. */
const WIDTH_ONLY = /^\s*\((?:min|max)-width:\s*[\d.]+px\)(?:\s+and\s+\((?:min|max)-width:\s*[\d.]+px\))*\s*$/i;

export function isWidthOnlyMedia(mediaText: string): boolean {
  return WIDTH_ONLY.test(mediaText);
}

/** The container rule standing for a width media rule, as CSS text. */
export function containerRuleText(mediaText: string, rules: readonly string[]): string {
  return `@container ${CANVAS_CONTAINER} ${mediaText.trim()} { ${rules.join("\n")} }`;
}

interface Mapped {
  rule: CSSMediaRule;
  media: string;
  sheet: CSSStyleSheet | CSSGroupingRule;
  copy: CSSRule;
}

/** A media rule for the studio's chrome: all its selectors start with `.studio`, none inside the canvas. */
export function isStudioChrome(selectors: readonly string[]): boolean {
  return selectors.length > 0 && selectors.every((s) => s.startsWith(".studio") && !s.startsWith(".studio-canvas "));
}

function safeRules(sheet: CSSStyleSheet | CSSGroupingRule): CSSRuleList | undefined {
  try {
    return sheet.cssRules;
  } catch {
    return undefined; // a cross-origin sheet: not the site's
  }
}

/**
 * Maps the document's width media rules to canvas container rules. Returns the function that
 * puts them back. Stylesheets added later (a block view loading its CSS) are mapped when
 * `apply` runs again: the canvas calls it whenever its blocks change.
 */
export function createPreviewMedia(doc: Document) {
  const mapped: Mapped[] = [];
  let seen = new WeakSet<CSSMediaRule>();

  function visit(sheet: CSSStyleSheet | CSSGroupingRule) {
    const rules = safeRules(sheet);
    if (!rules) return;
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i];
      if (!(rule instanceof CSSMediaRule) || seen.has(rule)) continue;
      seen.add(rule);
      const media = rule.media.mediaText;
      if (!isWidthOnlyMedia(media)) continue;
      const selectors = [...rule.cssRules].map((r) => (r instanceof CSSStyleRule ? r.selectorText : ""));
      if (isStudioChrome(selectors)) continue;
      const inner = [...rule.cssRules].map((r) => r.cssText);
      let copy: CSSRule | undefined;
      try {
        const at = sheet.insertRule(containerRuleText(media, inner), i + 1);
        copy = (sheet.cssRules as CSSRuleList)[at];
        i++; // skip the copy
      } catch {
        continue; // a rule the browser refuses in a container: keep the media rule
      }
      if (!copy) continue;
      rule.media.mediaText = "not all";
      mapped.push({ rule, media, sheet, copy });
    }
  }

  return {
    apply() {
      for (const sheet of [...doc.styleSheets]) visit(sheet);
    },
    restore() {
      for (const { rule, media, sheet, copy } of mapped.reverse()) {
        rule.media.mediaText = media;
        const rules = safeRules(sheet);
        if (!rules) continue;
        const index = [...rules].indexOf(copy);
        if (index >= 0) sheet.deleteRule(index);
      }
      mapped.length = 0;
      seen = new WeakSet();
    },
  };
}
