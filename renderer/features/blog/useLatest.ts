/** The latest articles (and optionally the categories) for the featured, grid and categories blocks. */
import { useEffect, useState } from "react";
import { useSite } from "../../lib/site";
import { type ArticlesAnswer, fetchArticles } from "./api";

export function useLatestArticles(limit: number, withCategories = false): ArticlesAnswer | undefined {
  const site = useSite();
  const [answer, setAnswer] = useState<ArticlesAnswer | undefined>();
  const { micrositeId, siteKey, locale } = site;
  useEffect(() => {
    const controller = new AbortController();
    void fetchArticles(
      { micrositeId, siteKey, locale },
      { language: locale, page: 1, limit: Math.min(Math.max(1, Math.round(limit)), 50), order: "desc", withCategories },
      controller.signal,
    ).then((a) => {
      if (a && !controller.signal.aborted) setAnswer(a);
    });
    return () => controller.abort();
  }, [micrositeId, siteKey, locale, limit, withCategories]);
  return answer;
}
