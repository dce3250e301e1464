package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/FerretDB/wire/wirebson"
)

// One update command of more updates than the SQLite pool has connections (100), each of an
// existing document (Insights' totals added up in one bulk write), is applied whole and
// answers (patches/ferretdb-update-closes-each-query.patch); it used to wait forever.
func TestUpdateCommandOfManyExistingDocumentsAnswers(t *testing.T) {
	conn := startServer(t)
	const db = "updates"
	const count = 250
	docs := wirebson.MakeArray(count)
	updates := wirebson.MakeArray(count)
	for i := 0; i < count; i++ {
		id := fmt.Sprintf("total-%03d", i)
		must(t, docs.Add(wirebson.MustDocument("_id", id, "n", int32(1))))
		must(t, updates.Add(wirebson.MustDocument(
			"q", wirebson.MustDocument("_id", id),
			"u", wirebson.MustDocument("$inc", wirebson.MustDocument("n", int32(2))),
			"upsert", true,
		)))
	}
	command(t, conn, "insert", "totals", "documents", docs, "$db", db)

	answered := make(chan *wirebson.Document, 1)
	go func() {
		answered <- command(t, conn, "update", "totals", "updates", updates, "ordered", false, "$db", db)
	}()
	select {
	case reply := <-answered:
		if n := reply.Get("nModified"); n != int32(count) {
			t.Fatalf("modified %v of %d", n, count)
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("an update command of %d existing documents did not answer in 60 s", count)
	}
	reply := command(t, conn, "count", "totals", "query", wirebson.MustDocument("n", int32(3)), "$db", db)
	if n := reply.Get("n"); n != int32(count) {
		t.Fatalf("%v documents at 3 after the update, want %d", n, count)
	}
}
