package main

import (
	"fmt"
	"testing"

	"github.com/FerretDB/wire/wirebson"
	"github.com/FerretDB/wire/wireclient"
)

// aggregate runs a pipeline and returns every result document. Batches of 500: the wire client
// formats each reply for its log in time quadratic in the reply's size.
func aggregate(t *testing.T, conn *wireclient.Conn, db, coll string, stages ...*wirebson.Document) []*wirebson.Document {
	t.Helper()
	pipeline := wirebson.MustArray()
	for _, s := range stages {
		pipeline.Add(s)
	}
	reply := command(t, conn, "aggregate", coll, "pipeline", pipeline,
		"cursor", wirebson.MustDocument("batchSize", int32(500)), "$db", db)
	var res []*wirebson.Document
	for batchName := "firstBatch"; ; batchName = "nextBatch" {
		cursor := reply.Get("cursor").(*wirebson.Document)
		batch := cursor.Get(batchName).(*wirebson.Array)
		for i := 0; i < batch.Len(); i++ {
			res = append(res, batch.Get(i).(*wirebson.Document))
		}
		id := cursor.Get("id").(int64)
		if id == 0 {
			return res
		}
		reply = command(t, conn, "getMore", id, "collection", coll, "batchSize", int32(500), "$db", db)
	}
}

// insertMany inserts documents in batches of 1,000.
func insertMany(t *testing.T, conn *wireclient.Conn, db, coll string, docs []*wirebson.Document) {
	t.Helper()
	for start := 0; start < len(docs); start += 1000 {
		batch := wirebson.MakeArray(1000)
		for _, d := range docs[start:min(start+1000, len(docs))] {
			batch.Add(d)
		}
		command(t, conn, "insert", coll, "documents", batch, "$db", db)
	}
}

// Several accumulators in one $group each see every document of the group
// (patches/ferretdb-group-hash.patch): the second no longer sums an exhausted iterator to 0.
func TestGroupSeveralAccumulators(t *testing.T) {
	conn := startServer(t)
	const db = "groupaccumulators"
	insertMany(t, conn, db, "facts", []*wirebson.Document{
		wirebson.MustDocument("_id", "a", "stage", "sent", "fee", 100.5),
		wirebson.MustDocument("_id", "b", "stage", "sent", "fee", int32(20)),
		wirebson.MustDocument("_id", "c", "stage", "viewed", "fee", int64(7)),
		wirebson.MustDocument("_id", "d", "stage", "sent", "fee", 0.25),
	})
	rows := aggregate(t, conn, db, "facts",
		wirebson.MustDocument("$group", wirebson.MustDocument(
			"_id", "$stage",
			"count", wirebson.MustDocument("$sum", int32(1)),
			"fee", wirebson.MustDocument("$sum", "$fee"),
			"again", wirebson.MustDocument("$sum", int32(1)),
		)),
	)
	got := map[string]string{}
	for _, r := range rows {
		got[fmt.Sprint(r.Get("_id"))] = fmt.Sprintf("count %v fee %v again %v", r.Get("count"), r.Get("fee"), r.Get("again"))
	}
	want := map[string]string{"sent": "count 3 fee 120.75 again 3", "viewed": "count 1 fee 7 again 1"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("groups %v, want %v", got, want)
	}
}

// 5,000 groups (keys documents of a string and a number, the number stored as an int32, an
// int64 or a double: one group) come out with every document counted once, in the order
// their keys first appear.
func TestGroupFiveThousandGroups(t *testing.T) {
	conn := startServer(t)
	const db = "groupmany"
	const groups = 5000
	var docs []*wirebson.Document
	for i := 0; i < 3*groups; i++ {
		g := (i * 7919) % groups
		var n any
		switch i % 3 {
		case 0:
			n = int32(g)
		case 1:
			n = int64(g)
		default:
			n = float64(g)
		}
		docs = append(docs, wirebson.MustDocument("_id", int32(i), "stage", fmt.Sprintf("s%d", g%13), "n", n))
	}
	insertMany(t, conn, db, "facts", docs)

	rows := aggregate(t, conn, db, "facts",
		wirebson.MustDocument("$group", wirebson.MustDocument(
			"_id", wirebson.MustDocument("stage", "$stage", "n", "$n"),
			"count", wirebson.MustDocument("$sum", int32(1)),
			"total", wirebson.MustDocument("$sum", "$n"),
		)),
	)
	if len(rows) != groups {
		t.Fatalf("%d groups, want %d", len(rows), groups)
	}
	for i, r := range rows {
		key := r.Get("_id").(*wirebson.Document)
		g := (i * 7919) % groups
		if key.Get("stage") != fmt.Sprintf("s%d", g%13) || fmt.Sprint(key.Get("n")) != fmt.Sprint(g) {
			t.Fatalf("group %d is %v, want stage s%d n %d (first appearance order)", i, wirebson.LogMessage(key), g%13, g)
		}
		if r.Get("count") != int32(3) || fmt.Sprint(r.Get("total")) != fmt.Sprint(3*g) {
			t.Fatalf("group %v: count %v total %v, want 3 and %d", wirebson.LogMessage(key), r.Get("count"), r.Get("total"), 3*g)
		}
	}
}
