/** Opens and migrates one SQLite file, then prints the migration report: two of these run at once in the migration test. */
import { migrate } from "../../../server/content/db/migration";
import { MIGRATIONS } from "../../../server/content/db/migrations";
import { openSqliteFile, sqliteDatabase } from "../../../server/content/db/sqlite";

const file = process.argv[2];
if (!file) throw new Error("usage: migrate-sqlite.ts <file>");
const { db, dialect } = sqliteDatabase(openSqliteFile(file));
console.log(JSON.stringify(await migrate(db, dialect, MIGRATIONS)));
await dialect.close();
