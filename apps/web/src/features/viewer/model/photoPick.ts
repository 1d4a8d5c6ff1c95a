/**
 * A photo the reviewer picked in the viewer (Next, Back, the list…) before the address names it. The viewer
 * shows the pick at once and moves the address (`?imageId=`) only once the photo is on screen: the address
 * change re-renders the whole page under the viewer, which would otherwise hold the photo back.
 */
export interface PhotoPick {
  id: number;
  /** The address when the first of these picks was made. */
  start: number | null;
  /** The addresses asked for since, in order (router navigations on their way). */
  asked: readonly number[];
}

/** The reviewer picks `id` while the address is `address`. */
export const pickPhoto = (pick: PhotoPick | null, id: number, address: number | null): PhotoPick =>
  pick ? { ...pick, id } : { id, start: address, asked: [] };

/**
 * The viewer asks the address to name photo `id`: the pick's own, or an earlier pick's when a newer pick
 * (a Next pressed meanwhile) landed first. Either way the address is on its way there, and the pick must
 * not take it for a move the viewer did not ask for.
 */
export const askAddress = (pick: PhotoPick, id: number = pick.id): PhotoPick => ({
  ...pick,
  asked: [...pick.asked, id],
});

/** Whether the address still has to be asked to name the pick. */
export const addressBehind = (pick: PhotoPick | null): pick is PhotoPick =>
  pick !== null && pick.asked.at(-1) !== pick.id;

/**
 * The pick once the address is `address`: gone when the address names it with nothing else on its way, or
 * when the address moved somewhere the viewer did not ask for (a link, the browser's Back), which then wins;
 * kept while the address is the one it started on or one asked for on the way (an earlier pick's).
 */
export function settlePick(pick: PhotoPick | null, address: number | null): PhotoPick | null {
  if (!pick) return null;
  const last = pick.asked.at(-1);
  if (address === pick.id && (last === undefined || last === pick.id)) return null;
  if (address === pick.start || (address !== null && pick.asked.includes(address))) return pick;
  return null;
}
