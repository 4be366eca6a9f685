/** blog_post_block in a page: its main_content items become text blocks rendered through the registry. */
import type { Block } from "../../../schema/block";
import type { blogPostBlock } from "../../../schema/blocks/blog";
import type { BlockViewProps } from "../types";
import { BlogPostView } from "./BlogPostView";

export function contentBlocks(
  block: { id: string },
  items: BlockViewProps<typeof blogPostBlock>["fields"]["main_content"],
): Block[] {
  return (items ?? []).map((item, i) => {
    const { block_type, image, ...text } = item;
    const fields =
      block_type === "txt_img_double_block_1"
        ? { ...text, media_repeater: image?.url ? [{ image }] : [] }
        : block_type === "text_block_2"
          ? text
          : text;
    return {
      id: `${block.id}-content-${i}`,
      block_type,
      block_params:
        block_type === "text_block_2"
          ? { text_align: "left" }
          : block_type === "txt_img_double_block_1"
            ? { orientation_x: "left" }
            : {},
      fields: { fr: fields, en: fields },
    };
  });
}

export default function BlogPostBlock({ block, fields }: BlockViewProps<typeof blogPostBlock>) {
  return (
    <BlogPostView
      headingLevel={2}
      title={fields.main_title ?? ""}
      authorName={fields.author_name}
      authorAvatar={fields.author_avatar}
      items={(fields.list_items_repeater ?? []).map((item) => ({
        icon: item.icon?.type,
        description: item.description ?? "",
      }))}
      image={fields.main_image}
      content={contentBlocks(block, fields.main_content)}
      tags={(fields.tags_repeater ?? []).map((t) => t.tag)}
    />
  );
}
