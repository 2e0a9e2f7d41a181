import { promisifyRequest, type UseStore } from 'idb-keyval';

/**
 * The IndexedDB store the workspace copies live in, for idb-keyval: its default database and
 * store names, so copies saved by earlier versions stay readable. Unlike idb-keyval's own
 * `createStore`, it repairs a database that exists without its store (another page, an old
 * version or a hostile script made it): it opens the next version of the database and adds the
 * store, where idb-keyval's would fail every read and write. It gives way when another page
 * upgrades the database (the connection closes; the next call opens it again).
 */
const DATABASE = 'keyval-store';
const STORE = 'keyval';

let connection: Promise<IDBDatabase> | null = null;

export const workspaceStore: UseStore = (mode, callback) => {
  connection ??= open().catch((error: unknown) => {
    connection = null; // the next call tries again
    throw error;
  });
  return connection.then((db) => callback(db.transaction(STORE, mode).objectStore(STORE)));
};

async function open(version?: number): Promise<IDBDatabase> {
  const request = indexedDB.open(DATABASE, version);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
  };
  const db = await promisifyRequest(request);
  if (!db.objectStoreNames.contains(STORE)) {
    const next = db.version + 1;
    db.close();
    return open(next);
  }
  db.onversionchange = () => {
    db.close();
    connection = null;
  };
  db.onclose = () => {
    connection = null;
  };
  return db;
}
