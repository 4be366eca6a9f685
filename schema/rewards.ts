/**
 * Reward badges (blocks.md §3 Reward item) with no dependency: the rewards block's view uses
 * them in the browser without pulling the block schemas (classic zod) into the page.
 */
export const REWARD_IDENTS = [
  "100-perct",
  "100-perct-or",
  "cercle-legendes",
  "chariman",
  "diamant",
  "luminary-distinction",
  "paramount-off-excellence",
  "pinacle",
  "platine",
  "pretige",
  "reussite-carriere",
  "select",
  "temple-renomee",
  "titan",
] as const;
export type RewardIdent = (typeof REWARD_IDENTS)[number];

/** Reward badge image: the dark variant on the inverted scheme (blocks.md §3 Reward item). */
export function rewardImagePath(ident: RewardIdent, scheme: string | undefined): string {
  return `/images/rewards/${ident}-${scheme === "inverted" ? "dark" : "light"}-fr.svg`;
}
