/**
 * Listing photos: hotlinked from the provider with their sizes (DDF recommends it), or mirrored
 * onto this site when the settings ask and the provider allows it. Mirroring is the media
 * library's work (issue 30): this is the seam it fills. Until it does, no mirror is given, the
 * photos stay hotlinked and the run's report says so ("photos_hotlinked").
 */
export interface ListingPhoto {
  url: string;
  width?: number;
  height?: number;
  caption?: string;
}

export interface PhotoMirror {
  /**
   * The photos of one listing as this site serves them (same order; a photo that could not be
   * copied keeps its provider URL). Called for new and changed listings only.
   */
  mirror(source: string, uls: string, photos: readonly ListingPhoto[]): Promise<ListingPhoto[]>;
}
