/**
 * Illustrated portraits of the demo agency's brokers (public/images/brokers/<slug>.svg), drawn
 * in the style of the demo broker's own portrait (public/images/portrait-broker.svg, 480 × 600):
 * every broker had been given hers, men included. Vector, so one small file serves every width.
 * Written by scripts/agency-brokers.ts.
 */

export interface Portrait {
  hair: "long" | "bob" | "short" | "crew" | "receding";
  hairColour: string;
  skin: string;
  shirt: string;
  background: string;
  beard?: boolean;
  glasses?: boolean;
}

const HAIR: Record<Portrait["hair"], { back?: string; top: string }> = {
  long: {
    top: "M150 300c-20-120 50-170 110-166 70 4 110 60 80 170-6-50-20-80-40-96-40 20-90 20-130 0-14 20-20 50-20 92z",
    back: "M150 300c-6 60 0 110 20 140 0-40-6-80 0-120zM330 300c6 60 0 110-20 140 0-40 6-80 0-120z",
  },
  bob: {
    top: "M146 330c-22-130 44-192 98-192 62 0 116 56 92 192-10-60-22-96-44-112-46 18-92 18-128 0-14 22-18 60-18 112z",
    back: "M146 330c0 24 6 44 18 58l10-70zM336 330c0 24-6 44-18 58l-10-70z",
  },
  short: {
    top: "M156 292c-10-86 36-128 86-128s96 40 82 128c-6-36-18-60-32-72-34 16-74 16-106 0-14 12-24 36-30 72z",
  },
  crew: {
    top: "M158 276c-4-70 34-100 82-100s88 30 82 100c-8-26-18-42-30-50-34 10-70 10-104 0-12 8-22 24-30 50z",
  },
  receding: {
    top: "M156 300c-8-56 6-92 24-108-2 30 4 52 12 60zM324 300c8-56-6-92-24-108 2 30-4 52-12 60z",
  },
};

const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");

export function portraitSvg(name: string, p: Portrait): string {
  const hair = HAIR[p.hair];
  const parts = [
    `<rect width="480" height="600" fill="${p.background}"/>`,
    `<circle cx="240" cy="240" r="200" fill="#ffffff" fill-opacity="0.35"/>`,
    `<path d="M70 600c10-120 80-190 170-190s160 70 170 190z" fill="${p.shirt}"/>`,
    `<path d="M200 410l40 60 40-60" fill="#fff"/>`,
    `<path d="M210 380h60v40l-30 20-30-20z" fill="${p.skin}"/>`,
    hair.back ? `<path d="${hair.back}" fill="${p.hairColour}"/>` : "",
    `<ellipse cx="240" cy="290" rx="84" ry="100" fill="${p.skin}"/>`,
    `<path d="${hair.top}" fill="${p.hairColour}"/>`,
    p.beard
      ? `<path d="M158 300c2 76 40 92 82 92s80-16 82-92c-12 26-30 38-48 40-10-10-58-10-68 0-18-2-36-14-48-40z" fill="${p.hairColour}"/>`
      : "",
    `<circle cx="210" cy="290" r="7" fill="#3a2a20"/><circle cx="270" cy="290" r="7" fill="#3a2a20"/>`,
    p.glasses
      ? `<g fill="none" stroke="#2b2b2b" stroke-width="5"><circle cx="210" cy="290" r="22"/><circle cx="270" cy="290" r="22"/><path d="M232 288h16M188 286l-28-6M292 286l28-6"/></g>`
      : "",
    `<path d="M214 336c16 14 36 14 52 0" stroke="#a0522d" stroke-width="6" fill="none" stroke-linecap="round"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 600" width="480" height="600" role="img" aria-labelledby="t"><title id="t">Portrait de ${escapeXml(name)} / Portrait of ${escapeXml(name)}</title>${parts.join("")}</svg>\n`;
}
