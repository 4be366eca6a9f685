/**
 * The three feeds as thin adapters of one importer (FEEDS.md §1): the same OData protocol, so an
 * adapter is only what differs: page sizes, the rate limit, where media and names come from, how
 * deletions are learnt, the key list of the daily reconciliation, and the language of the remarks.
 * `reso` follows RESO Web API Core only (Property, with Media and OpenHouse resources when the
 * server has them and EntityEvent when it does), so any Core server with OAuth2 client
 * credentials works with it.
 */
import type { FeedKind } from "../../schema/api";

/** A change stream read by keyset on (timestamp, key), with its own cursor. */
export interface Stream {
  /** The cursor's name. */
  id: string;
  resource: "Property" | "Media" | "OpenHouse";
  timestampField: string;
  keyField: string;
  /** Whole listing records (Property), or rows naming listings to fetch again (their key field). */
  listingKeyField?: string;
  /** Rows this stream reads only (Media of listings, not of members). */
  filter?: string;
}

export interface FeedAdapter {
  kind: FeedKind;
  /** For logs and the sync screen. */
  label: string;
  /** Full records per page ($top; a server may send fewer with a next link). */
  pageSize: number;
  /** Keys per page of the reconciliation's key list. */
  keyPageSize: number;
  /** Least time between two requests of one credential. */
  minIntervalMs: number;
  /** Requests one run may make; the next run goes on from its cursors. */
  requestBudget: number;
  /** The OAuth2 scope asked for when the settings name none. */
  defaultScope?: string;
  /** The language of PublicRemarks when the settings do not say. */
  remarksLanguage: "fr" | "en";
  /** Listings not refreshed this long are hidden (DDF: 24 h, FEEDS.md §4; the same for the others). */
  staleAfterHours: number;
  /** Every key of the feed is compared with ours this often (removals no signal announced). */
  reconcileEveryHours: number;
  streams: Stream[];
  /** Reads the EntityEvent log for deletions when the server has it. */
  entityEvents: boolean;
  /** Photos come from the Media resource (false: inside the Property record, DDF). */
  mediaResource: boolean;
  /** Centris's Translations resource (French and English remarks). */
  translations: boolean;
  /** DDF's PropertyReplication() lists every key; otherwise Property with $select. */
  keyList: "replication" | "select";
}

const propertyStream = (field: string): Stream => ({
  id: `property:${field}`,
  resource: "Property",
  timestampField: field,
  keyField: "ListingKey",
});
const mediaStream: Stream = {
  id: "media:ModificationTimestamp",
  resource: "Media",
  timestampField: "ModificationTimestamp",
  keyField: "MediaKey",
  listingKeyField: "ResourceRecordKey",
  filter: "ResourceName eq 'Property'",
};
const openHouseStream: Stream = {
  id: "openhouse:ModificationTimestamp",
  resource: "OpenHouse",
  timestampField: "ModificationTimestamp",
  keyField: "OpenHouseKey",
  listingKeyField: "ListingKey",
};

export const ADAPTERS: Record<FeedKind, FeedAdapter> = {
  reso: {
    kind: "reso",
    label: "RESO Web API",
    pageSize: 200,
    keyPageSize: 1000,
    minIntervalMs: 100,
    requestBudget: 20_000,
    remarksLanguage: "en",
    staleAfterHours: 24,
    reconcileEveryHours: 12,
    // Photos may change without the listing's timestamp moving (FEEDS.md §2.4): Media has its own stream.
    streams: [propertyStream("ModificationTimestamp"), mediaStream, openHouseStream],
    entityEvents: true,
    mediaResource: true,
    translations: false,
    keyList: "select",
  },
  ddf: {
    kind: "ddf",
    label: "CREA DDF",
    // DDF: 20 by default, 100 at most; $skip stops at 10,000 records (keyset paging never skips).
    pageSize: 100,
    keyPageSize: 100,
    minIntervalMs: 100,
    requestBudget: 20_000,
    defaultScope: "DDFApi_Read",
    remarksLanguage: "en",
    staleAfterHours: 24,
    reconcileEveryHours: 12,
    // Media is inside the record; a photo change moves PhotosChangeTimestamp, not always the other.
    streams: [propertyStream("ModificationTimestamp"), propertyStream("PhotosChangeTimestamp"), openHouseStream],
    // No delete event: a key missing from PropertyReplication() left the feed.
    entityEvents: false,
    mediaResource: false,
    translations: false,
    keyList: "replication",
  },
  centris: {
    kind: "centris",
    label: "Centris",
    // 100 full records a page; about 5 requests a second and 200 a minute: one every 300 ms.
    pageSize: 100,
    keyPageSize: 1000,
    minIntervalMs: 300,
    requestBudget: 10_000,
    remarksLanguage: "fr",
    staleAfterHours: 24,
    reconcileEveryHours: 12,
    streams: [propertyStream("ModificationTimestamp"), mediaStream, openHouseStream],
    entityEvents: true,
    mediaResource: true,
    translations: true,
    keyList: "select",
  },
};
