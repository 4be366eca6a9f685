/**
 * A blog post (blocks.md §3 Blog post): author with avatar, list items (icon and
 * description: date, read time, category), main image, title, the main content blocks
 * through the render registry, tags, share links (Facebook, X, LinkedIn, mail) with the
 * page's full URL encoded, and a print button.
 */
// Their messages load with them (renderer/messages).
import "../../messages/blog";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { Block } from "../../../schema/block";
import type { Image as ImageValue } from "../../../schema/fields";
import { type ShareNetwork, shareLinks } from "../../features/blog/format";
import { absoluteUrl } from "../../lib/seo";
import { useSite } from "../../lib/site";
import { Icon } from "../../ui/Icon";
import { Image } from "../../ui/Image";
import { BlockList } from "../BlockList";

export interface BlogPostViewProps {
  title: string;
  authorName?: string;
  authorAvatar?: ImageValue;
  items: { icon?: string; description: string; dateTime?: string }[];
  image?: ImageValue;
  content: Block[];
  tags: string[];
  /** Heading level of the title: 1 on the post page. */
  headingLevel?: 1 | 2;
}

const NETWORKS: { network: ShareNetwork; icon: string }[] = [
  { network: "facebook", icon: "facebook" },
  { network: "twitter", icon: "x" },
  { network: "linkedin", icon: "linkedin" },
  { network: "mail", icon: "mail" },
];

export function BlogPostView({
  title,
  authorName,
  authorAvatar,
  items,
  image,
  content,
  tags,
  headingLevel = 1,
}: BlogPostViewProps) {
  const { t } = useTranslation();
  const { locale, siteType, variantId, config } = useSite();
  const { pathname } = useLocation();
  const links = shareLinks(absoluteUrl(config.publicOrigin || "", pathname), title);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <article className="blog-post">
      <header className="container blog-post__header">
        <Heading className="title-1 blog-post__title">{title}</Heading>
        <div className="blog-post__byline">
          {authorAvatar?.url ? (
            <Image
              className="blog-post__avatar"
              image={{ ...authorAvatar, alt: "", width: 56, height: 56 }}
              appear={false}
            />
          ) : null}
          {authorName ? <p className="blog-post__author">{t("blog.by", { name: authorName })}</p> : null}
        </div>
        {items.length ? (
          <ul className="blog-post__items" aria-label={t("blog.details")}>
            {items.map((item, i) => (
              <li key={i}>
                {item.icon ? <Icon name={item.icon} size={18} /> : null}
                {item.dateTime ? (
                  <time dateTime={item.dateTime}>{item.description}</time>
                ) : (
                  <span>{item.description}</span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {image?.url ? (
          <div className="blog-post__image">
            <Image image={{ ...image, fetchPriority: "high" }} />
          </div>
        ) : null}
      </header>
      <div className="blog-post__content">
        <BlockList blocks={content} locale={locale} siteType={siteType} region="content" variantId={variantId} />
      </div>
      <footer className="container blog-post__footer">
        {tags.length ? (
          <div className="blog-post__tags">
            <h2 className="blog-post__subtitle">{t("blog.tags")}</h2>
            <ul>
              {tags.map((tag) => (
                <li key={tag} className="blog-tag">
                  <Icon name="tag" size={14} />
                  {tag}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="blog-post__share">
          <h2 className="blog-post__subtitle">{t("blog.share-title")}</h2>
          <ul>
            {NETWORKS.map(({ network, icon }) => (
              <li key={network}>
                <a
                  className="blog-share"
                  href={links[network]}
                  data-share={network}
                  {...(network === "mail" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
                >
                  <Icon name={icon} size={20} />
                  <span className="visually-hidden">
                    {t(`blog.share-${network}`)}
                    {network === "mail" ? "" : ` ${t("blog.new-window")}`}
                  </span>
                </a>
              </li>
            ))}
            <li>
              <button type="button" className="blog-share" onClick={() => window.print()} data-print="">
                <Icon name="print" size={20} />
                <span className="visually-hidden">{t("blog.print")}</span>
              </button>
            </li>
          </ul>
        </div>
      </footer>
    </article>
  );
}
