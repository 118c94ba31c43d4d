/**
 * The id of the JSON data block into which the server inlines /config.json in index.html. A module of its
 * own, without the schema: the page's small boot entry reads the block before valibot has loaded.
 */
export const CONFIG_ELEMENT_ID = 'portal-config';
