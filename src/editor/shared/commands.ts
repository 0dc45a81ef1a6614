// Every command id Idsmith contributes, in one place. They are a public interface:
// keybindings and tests outside the project call them, so never rename one.
export const Commands = {
  insert: 'idsmith.insert',
  insertUlid: 'idsmith.insertUlid',
  insertUuidV4: 'idsmith.insertUuidV4',
  insertUuidV7: 'idsmith.insertUuidV7',
  insertSnowflake: 'idsmith.insertSnowflake',
  insertAtTime: 'idsmith.insertAtTime',
  regenerate: 'idsmith.regenerate',
  inspect: 'idsmith.inspect',
  convert: 'idsmith.convert',
  insertBounds: 'idsmith.insertBounds',
  checkFile: 'idsmith.checkFile',
  summarizeIds: 'idsmith.summarizeIds',
  planObjectKeys: 'idsmith.planObjectKeys',
  /** Internal: targets of hover command links (not in the palette). */
  copyText: 'idsmith.copyText',
  convertAt: 'idsmith.convertAt',
  /** Internal: what a convert code action resolved on an outdated document runs instead of an edit. */
  staleAction: 'idsmith.staleConvertAction',
  /** Internal: what a check quick fix runs to say why it changed nothing (stale, or no new ID). */
  checkFixFailed: 'idsmith.checkFixFailed',
  /** Internal: the button of the "Plan Object Keys…" page. */
  insertKeyListing: 'idsmith.insertKeyListing',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];
