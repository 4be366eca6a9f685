/**
 * The lead path's client side, for every form type: POST /api/swc/{micrositeId}/contact as
 * multipart form-data (site.md §7), with the site key of the protected client and the page's
 * content-language, and the
 * ALTCHA challenge the captcha solves first. Answers are parsed with zod/mini.
 */
import * as z from "zod/mini";

const answerSchema = z.object({
  status: z.optional(z.string()),
  message: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.string())),
});

export interface SubmitResult {
  /** HTTP status; 0 when the request never reached the server. */
  status: number;
  /** The answer said `status: "success"`. */
  success: boolean;
  errors?: Record<string, string>;
}

export async function postContact(
  site: { micrositeId?: string; siteKey?: string; locale?: string },
  fields: Readonly<Record<string, string>>,
): Promise<SubmitResult> {
  // content-language as on the unprotected client's calls (site.md §9): the page's language.
  const language = site.locale ?? fields.locale;
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  let response: Response;
  try {
    response = await fetch(`/api/swc/${encodeURIComponent(site.micrositeId ?? "")}/contact`, {
      method: "POST",
      body,
      headers: {
        accept: "application/json",
        "x-site-key": site.siteKey ?? "",
        ...(language ? { "content-language": language } : {}),
      },
    });
  } catch {
    return { status: 0, success: false };
  }
  let answer: z.infer<typeof answerSchema> = {};
  try {
    const parsed = answerSchema.safeParse(await response.json());
    if (parsed.success) answer = parsed.data;
  } catch {
    // Not JSON: judged by the HTTP status alone.
  }
  return { status: response.status, success: answer.status === "success", errors: answer.errors };
}

const challengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string(),
});

/** A new ALTCHA challenge for this site's forms (single use, expires after 10 minutes). */
export async function fetchCaptchaChallenge(site: { micrositeId?: string; siteKey?: string }): Promise<unknown> {
  const response = await fetch(`/api/swc/${encodeURIComponent(site.micrositeId ?? "")}/captcha/challenge`, {
    headers: { accept: "application/json", "x-site-key": site.siteKey ?? "" },
    cache: "no-store",
  });
  if (!response.ok) throw new Error(`The anti-robot challenge could not load (HTTP ${response.status})`);
  const parsed = challengeSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error("The anti-robot challenge is malformed");
  return parsed.data;
}
