package main

import (
	"fmt"
	"testing"

	"github.com/FerretDB/wire/wirebson"
)

// A delete matching more documents than SQLite binds parameters in one statement (32,766)
// deletes them all (patches/ferretdb-delete-in-chunks.patch); it used to fail with "too many
// SQL variables" and delete none.
func TestDeleteOfMoreDocumentsThanOneStatementBinds(t *testing.T) {
	conn := startServer(t)
	const db = "deletes"
	const count = 33_000
	for start := 0; start < count; start += 11_000 {
		docs := wirebson.MakeArray(11_000)
		for i := start; i < start+11_000; i++ {
			must(t, docs.Add(wirebson.MustDocument("_id", fmt.Sprintf("link-%05d", i), "kind", "sign")))
		}
		command(t, conn, "insert", "links", "documents", docs, "$db", db)
	}
	command(t, conn, "insert", "links", "documents", wirebson.MustArray(
		wirebson.MustDocument("_id", "other", "kind", "send"),
	), "$db", db)

	reply := command(t, conn, "delete", "links", "deletes", wirebson.MustArray(
		wirebson.MustDocument("q", wirebson.MustDocument("kind", "sign"), "limit", int32(0)),
	), "$db", db)
	if n := reply.Get("n"); n != int32(count) {
		t.Fatalf("deleted %v, want %d", n, count)
	}
	left := command(t, conn, "count", "links", "query", wirebson.MustDocument(), "$db", db)
	if n := left.Get("n"); n != int32(1) {
		t.Fatalf("%v documents left, want the 1 not matched", n)
	}
}
