package main

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"
)

// The server's SQLite driver is built with patches/sqlite-statement-cache.patch: a statement's
// use ends by keeping it, reset, for the next use of the same SQL on its connection. These
// tests hold the cached statements to what fresh ones do.

// sqliteConn opens the database dsn names and one connection to it, both closed after the test.
func sqliteConn(t testing.TB, dsn string) (*sql.DB, *sql.Conn) {
	t.Helper()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return db, conn
}

func openSQLite(t testing.TB) (*sql.DB, *sql.Conn) {
	t.Helper()
	db, conn := sqliteConn(t, filepath.Join(t.TempDir(), "cache.sqlite"))
	mustExec(t, conn, `CREATE TABLE docs (id INTEGER PRIMARY KEY, name TEXT UNIQUE, size INTEGER)`)
	return db, conn
}

func mustExec(t testing.TB, conn *sql.Conn, query string, args ...any) {
	t.Helper()
	if _, err := conn.ExecContext(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// insertDocs inserts doc-0 … doc-(n-1), of size i % sizes, with one cached INSERT.
func insertDocs(t testing.TB, conn *sql.Conn, n, sizes int) {
	t.Helper()
	for i := 0; i < n; i++ {
		mustExec(t, conn, `INSERT INTO docs (name, size) VALUES (?, ?)`, fmt.Sprintf("doc-%d", i), i%sizes)
	}
}

func namesWhere(t testing.TB, conn *sql.Conn, query string, args ...any) []string {
	t.Helper()
	rows, err := conn.QueryContext(context.Background(), query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return names
}

func TestSQLiteCachedStatementsTakeEachUsesArguments(t *testing.T) {
	_, conn := openSQLite(t)
	for i := 0; i < 50; i++ {
		mustExec(t, conn, `INSERT INTO docs (name, size) VALUES (?, ?)`, fmt.Sprintf("doc-%02d", i), i)
	}
	for _, size := range []int{3, 17, 49} {
		got := namesWhere(t, conn, `SELECT name FROM docs WHERE size = ?`, size)
		if want := fmt.Sprintf("doc-%02d", size); len(got) != 1 || got[0] != want {
			t.Fatalf("size %d: got %v, want [%s]", size, got, want)
		}
	}
	if got := namesWhere(t, conn, `SELECT name FROM docs WHERE size = ?`, 1000); len(got) != 0 {
		t.Fatalf("no match: got %v", got)
	}
}

func TestSQLiteCachedQueryAfterRowsClosedEarly(t *testing.T) {
	_, conn := openSQLite(t)
	insertDocs(t, conn, 10, 2)
	const query = `SELECT name FROM docs WHERE size = ? ORDER BY id`
	rows, err := conn.QueryContext(context.Background(), query, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !rows.Next() {
		t.Fatal("no first row")
	}
	rows.Close() // before its last row: the statement is reset when kept
	rows.Close() // and closing twice keeps nothing twice
	if got := namesWhere(t, conn, query, 0); len(got) != 5 || got[0] != "doc-0" {
		t.Fatalf("the query again from the start: got %v", got)
	}
}

func TestSQLiteSameQueryOpenTwiceAtOnce(t *testing.T) {
	_, conn := openSQLite(t)
	insertDocs(t, conn, 6, 3)
	const query = `SELECT name FROM docs WHERE size = ? ORDER BY id`
	ctx := context.Background()
	first, err := conn.QueryContext(ctx, query, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	first.Next()
	// The cached statement is in use by `first`: this one must be its own.
	if got := namesWhere(t, conn, query, 1); len(got) != 2 || got[0] != "doc-1" || got[1] != "doc-4" {
		t.Fatalf("second query while the first is open: got %v", got)
	}
	var name string
	if err := first.Scan(&name); err != nil || name != "doc-0" {
		t.Fatalf("first query's row: %q, %v", name, err)
	}
	if !first.Next() || first.Scan(&name) != nil || name != "doc-3" {
		t.Fatalf("first query's second row: %q", name)
	}
}

func TestSQLiteCachedStatementsFollowSchemaChanges(t *testing.T) {
	_, conn := openSQLite(t)
	const insert = `INSERT INTO docs (name, size) VALUES (?, ?)`
	const all = `SELECT * FROM docs ORDER BY id`
	mustExec(t, conn, insert, "a", 1)
	columns := func() []string {
		rows, err := conn.QueryContext(context.Background(), all)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		names, _ := rows.Columns()
		return names
	}
	if got := columns(); len(got) != 3 {
		t.Fatalf("columns before: %v", got)
	}
	mustExec(t, conn, `ALTER TABLE docs ADD COLUMN kind TEXT DEFAULT 'pdf'`)
	mustExec(t, conn, insert, "b", 2)
	if got := columns(); len(got) != 4 || got[3] != "kind" {
		t.Fatalf("columns after ALTER TABLE: %v", got)
	}
	mustExec(t, conn, `DROP TABLE docs`)
	if _, err := conn.ExecContext(context.Background(), insert, "c", 3); err == nil {
		t.Fatal("insert into a dropped table succeeded")
	}
	mustExec(t, conn, `CREATE TABLE docs (id INTEGER PRIMARY KEY, name TEXT, size INTEGER)`)
	mustExec(t, conn, insert, "d", 4)
	if got := namesWhere(t, conn, `SELECT name FROM docs`); len(got) != 1 || got[0] != "d" {
		t.Fatalf("rows of the new table: %v", got)
	}
}

func TestSQLiteCachedStatementAfterAnError(t *testing.T) {
	_, conn := openSQLite(t)
	const insert = `INSERT INTO docs (name, size) VALUES (?, ?)`
	mustExec(t, conn, insert, "same", 1)
	if _, err := conn.ExecContext(context.Background(), insert, "same", 2); err == nil {
		t.Fatal("a duplicate name was inserted")
	}
	mustExec(t, conn, insert, "other", 3)
	if got := namesWhere(t, conn, `SELECT name FROM docs ORDER BY id`); len(got) != 2 || got[1] != "other" {
		t.Fatalf("rows after the failed insert: %v", got)
	}
}

func TestSQLiteSeveralStatementsInOneText(t *testing.T) {
	_, conn := openSQLite(t)
	const two = `INSERT INTO docs (name, size) VALUES ('x', 1); INSERT INTO docs (name, size) VALUES ('y', 2)`
	mustExec(t, conn, two)
	mustExec(t, conn, `DELETE FROM docs`)
	mustExec(t, conn, two) // both statements again, not only the first
	if got := namesWhere(t, conn, `SELECT name FROM docs ORDER BY name`); len(got) != 2 {
		t.Fatalf("rows after the text ran twice: %v", got)
	}
}

// go test -modfile bin/go.mod -run '^$' -bench SQLite .
func BenchmarkSQLiteRepeatedSelect(b *testing.B) {
	_, conn := openSQLite(b)
	mustExec(b, conn, `INSERT INTO docs (name, size) VALUES ('a', 1)`)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		namesWhere(b, conn, `SELECT name FROM docs WHERE json_extract('{"a":1}', '$.a') = ? AND size = ?`, 1, 1)
	}
}
