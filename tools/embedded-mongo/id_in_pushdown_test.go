package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/FerretDB/wire/wirebson"
)

// A lookup of records by a list of their ids ({_id: {$in: [...]}}, as Insights' stalled list
// reads its agreements) reads those rows by the primary key, not the whole table
// (patches/ferretdb-where-id-in.patch), and finds exactly them, beside other conditions too.
func TestIDInListReadsByPrimaryKey(t *testing.T) {
	conn := startServer(t)
	const db = "idin"
	oid := func(last byte) wirebson.ObjectID {
		return wirebson.ObjectID{0x65, 0x70, 0, 0, 0, 0, 0, 0, 0, 0, 0, last}
	}
	docs := wirebson.MakeArray(0)
	for i := byte(1); i <= 50; i++ {
		status := "sent"
		if i%2 == 0 {
			status = "signed"
		}
		must(t, docs.Add(wirebson.MustDocument("_id", oid(i), "status", status)))
	}
	must(t, docs.Add(wirebson.MustDocument("_id", "text-id", "status", "sent")))
	command(t, conn, "insert", "agreements", "documents", docs, "$db", db)

	ids := wirebson.MustArray(oid(3), oid(4), oid(49), "text-id", oid(99))
	filter := wirebson.MustDocument("_id", wirebson.MustDocument("$in", ids))
	pushed, plan := explain(t, conn, db, "agreements", filter)
	if !pushed || strings.Contains(plan, "SCAN") {
		t.Fatalf("the id list is not read by the primary key: pushdown %v, plan %s", pushed, plan)
	}
	got := sortedIDs(findIDs(t, conn, db, "agreements", filter, 0, 0))
	if want := sortedIDs([]string{idString(oid(3)), idString(oid(4)), idString(oid(49)), "text-id"}); got != want {
		t.Fatalf("id list found %s, want %s", got, want)
	}

	// Other conditions beside the list still apply (the handler filters the rows it gets).
	both := wirebson.MustDocument("_id", wirebson.MustDocument("$in", ids), "status", "signed")
	got = sortedIDs(findIDs(t, conn, db, "agreements", both, 0, 0))
	if want := idString(oid(4)); got != want {
		t.Fatalf("id list with a status found %s, want %s", got, want)
	}

	// A list with another type, or another operator beside $in, is not pushed down, and answers.
	mixed := wirebson.MustDocument("_id", wirebson.MustDocument("$in", wirebson.MustArray(oid(5), int32(7))))
	if pushed, _ := explain(t, conn, db, "agreements", mixed); pushed {
		t.Fatal("an id list holding a number was pushed down")
	}
	if got := strings.Join(findIDs(t, conn, db, "agreements", mixed, 0, 0), ","); got != idString(oid(5)) {
		t.Fatalf("mixed id list found %s", got)
	}
	ranged := wirebson.MustDocument("_id", wirebson.MustDocument("$in", ids, "$ne", oid(3)))
	if pushed, _ := explain(t, conn, db, "agreements", ranged); pushed {
		t.Fatal("an id list beside $ne was pushed down")
	}
	if got := findIDs(t, conn, db, "agreements", ranged, 0, 0); len(got) != 3 {
		t.Fatalf("id list beside $ne found %v, want 3", got)
	}
}

// idString is an id as findIDs gives it.
func idString(id any) string {
	return fmt.Sprint(id)
}

func sortedIDs(ids []string) string {
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	return strings.Join(sorted, ",")
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
