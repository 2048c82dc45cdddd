/** Level ids are uuids: anything else in the address is a page that does not exist, not a bad request. */
export const isLevelId = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
