import type { headerMegamenuBlock } from "../../../schema/blocks/headers";
import type { BlockViewProps } from "../types";
import { Header } from "./Header";

export default function HeaderMegamenu({ block, fields, params, ctx }: BlockViewProps<typeof headerMegamenuBlock>) {
  return <Header variant="megamenu" blockId={block.id} fields={fields} params={params} ctx={ctx} />;
}
