/**
 * A photo the reviewer picked in the viewer (Next, Back, the list…) before the address names it. The viewer
 * shows the pick at once and moves the address (`?imageId=`) only once the photo is on screen: the address
 * change re-renders the whole page under the viewer, which would otherwise hold the photo back.
 */
export interface PhotoPick {
  id: number;
  /** Addresses on their way while picking: the one the first pick was made on and those asked for since. */
  onTheWay: readonly (number | null)[];
}

/** The reviewer picks `id` while the address is `address`. */
export const pickPhoto = (pick: PhotoPick | null, id: number, address: number | null): PhotoPick =>
  pick ? { ...pick, id } : { id, onTheWay: [address] };

/** The viewer asks the address to name the pick. */
export const askAddress = (pick: PhotoPick): PhotoPick => ({
  ...pick,
  onTheWay: [...pick.onTheWay, pick.id],
});

/** Whether the address still has to be asked to name the pick. */
export const addressBehind = (pick: PhotoPick | null): pick is PhotoPick =>
  pick !== null && !pick.onTheWay.includes(pick.id);

/**
 * The pick once the address is `address`: gone when the address caught up with it, or moved somewhere the
 * viewer did not ask for (a link, the browser's Back), which then wins; kept while the address is one on
 * its way (an earlier pick's, overtaken by this one).
 */
export const settlePick = (pick: PhotoPick | null, address: number | null): PhotoPick | null =>
  pick && address !== pick.id && pick.onTheWay.includes(address) ? pick : null;
