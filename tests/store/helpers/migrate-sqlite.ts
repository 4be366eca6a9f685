/** Opens and migrates one SQLite file, then prints the migration report: two of these run at once in the migration test. */
import { migrateSqlite, openSqliteFile } from "../../../server/content/db/sqlite";

const file = process.argv[2];
if (!file) throw new Error("usage: migrate-sqlite.ts <file>");
const db = openSqliteFile(file);
console.log(JSON.stringify(migrateSqlite(db)));
db.close();
