package main

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/FerretDB/wire/wirebson"
)

// sentDayIndex is one of the Insights facts' indexes (backend agreement-insights.schema.ts).
var sentDayIndex = wirebson.MustDocument("listed", int32(1), "family", int32(1), "sentDay", int32(1))

// The Insights figures' filter, {listed, family: {$in}, sentDay: {$gte, $lte}}, reads a range of
// the {listed, family, sentDay} index (patches/ferretdb-indexed-range-pushdown.patch); a string
// the range would miss (escaped below the upper bound) makes it scan instead, and both answer right.
func TestDayRangeReadsIndexRange(t *testing.T) {
	conn := startServer(t)
	const db = "rangepushdown"
	createIndex(t, conn, db, "facts", sentDayIndex)
	command(t, conn, "insert", "facts", "documents", wirebson.MustArray(
		wirebson.MustDocument("_id", "a", "listed", true, "family", "standard", "sentDay", "2026-08-31"),
		wirebson.MustDocument("_id", "b", "listed", true, "family", "standard", "sentDay", "2026-09-01"),
		wirebson.MustDocument("_id", "c", "listed", true, "family", "sow", "sentDay", "2026-09-30"),
		wirebson.MustDocument("_id", "d", "listed", true, "family", "sow", "sentDay", "2026-09-30 late"),
		wirebson.MustDocument("_id", "e", "listed", true, "family", "co", "sentDay", "2026-09-15"),
		wirebson.MustDocument("_id", "f", "listed", false, "family", "sow", "sentDay", "2026-09-15"),
		wirebson.MustDocument("_id", "g", "listed", true, "family", "sow", "sentDay", "2026-09-1!"),
		wirebson.MustDocument("_id", "h", "listed", true, "family", "sow", "sentDay", int32(20260915)),
		wirebson.MustDocument("_id", "i", "listed", true, "family", "sow", "sentDay", wirebson.Null),
	), "$db", db)

	filter := wirebson.MustDocument("listed", true,
		"family", wirebson.MustDocument("$in", wirebson.MustArray("standard", "sow")),
		"sentDay", wirebson.MustDocument("$gte", "2026-09-01", "$lte", "2026-09-30"))
	pushed, plan := explain(t, conn, db, "facts", filter)
	if !pushed || strings.Contains(plan, "SCAN") || !strings.Contains(plan, "<expr>=? AND <expr>=? AND <expr>>? AND <expr><?)") {
		t.Fatalf("the day range is not read from the index: pushdown %v, plan %s", pushed, plan)
	}
	if ids := strings.Join(findIDs(t, conn, db, "facts", filter, 0, 0), ","); ids != "b,c,g" {
		t.Fatalf("found %s, want b, c and g", ids)
	}

	// "2026-09-3\"" sorts below "2026-09-30", its text `"2026-09-3\""` above `"2026-09-30"`.
	command(t, conn, "insert", "facts", "documents", wirebson.MustArray(
		wirebson.MustDocument("_id", "j", "listed", true, "family", "sow", "sentDay", `2026-09-3"`),
	), "$db", db)
	if pushed, plan := explain(t, conn, db, "facts", filter); pushed {
		t.Fatalf("pushed down beside an escaped string in the range: %s", plan)
	}
	if ids := strings.Join(findIDs(t, conn, db, "facts", filter, 0, 0), ","); ids != "b,c,g,j" {
		t.Fatalf("found %s, want b, c, g and j", ids)
	}
}

// On random documents (day strings, their prefixes and extensions, strings with characters JSON
// escapes or that sort below `"`, numbers, null, missing, arrays) and random ranges (one or two
// bounds, some escaped), the indexed collection answers find and count exactly as a scan.
func TestRangePushdownEqualsScan(t *testing.T) {
	conn := startServer(t)
	const db = "rangerandom"
	rng := rand.New(rand.NewSource(7))
	strs := []string{"2026-09-01", "2026-09-15", "2026-09-30", "2026-10-01", "2026-09", "2026-09-1",
		"2026-09-15 x", "2026-09-15!", "2026-09-1\"", "2026-09-1\\", "2026-09-1<", "2026-09-1&",
		"2026-09-1\x01", "2026-09-1\u2028", "2026-09-1é", "2026-09-1~", "", " ", "z", "Z", "[x", "\\"}
	str := func() string { return strs[rng.Intn(len(strs))] }
	value := func(arrays bool) any {
		switch n := rng.Intn(20); {
		case n < 14:
			return str()
		case n < 15:
			return wirebson.Null
		case n < 16:
			return int32(rng.Intn(3))
		case n < 17:
			return true
		case n < 18 && arrays:
			return wirebson.MustArray(str(), str())
		default:
			return nil // missing
		}
	}
	families := []string{"standard", "sow", "co"}

	for _, arrays := range []bool{false, true} {
		indexed, plain := fmt.Sprintf("indexed%v", arrays), fmt.Sprintf("plain%v", arrays)
		createIndex(t, conn, db, indexed, sentDayIndex)
		docs := wirebson.MakeArray(400)
		for i := 0; i < 400; i++ {
			doc := wirebson.MustDocument("_id", fmt.Sprintf("d%03d", i), "listed", rng.Intn(4) > 0,
				"family", families[rng.Intn(3)])
			if v := value(arrays); v != nil {
				doc.Add("sentDay", v)
			}
			docs.Add(doc)
		}
		for _, coll := range []string{indexed, plain} {
			command(t, conn, "insert", coll, "documents", docs, "$db", db)
		}

		pushedDown := 0
		const queries = 120
		for i := 0; i < queries; i++ {
			filter := wirebson.MustDocument("listed", true)
			if rng.Intn(4) > 0 {
				filter.Add("family", wirebson.MustDocument("$in", wirebson.MustArray(families[rng.Intn(3)], families[rng.Intn(3)])))
			}
			bounds := wirebson.MustDocument()
			ops := [][]string{{"$gte", "$lte"}, {"$gt", "$lt"}, {"$gte"}, {"$lt"}, {"$gt", "$lte"}}[rng.Intn(5)]
			for _, op := range ops {
				bounds.Add(op, str())
			}
			filter.Add("sentDay", bounds)
			if pushed, _ := explain(t, conn, db, indexed, filter); pushed {
				pushedDown++
			}

			got := findIDs(t, conn, db, indexed, filter, 0, 0)
			want := findIDs(t, conn, db, plain, filter, 0, 0)
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Fatalf("arrays %v, filter %s:\nindexed %v\nscan    %v", arrays, wirebson.LogMessage(filter), got, want)
			}
			if got, want := count(t, conn, db, indexed, filter), count(t, conn, db, plain, filter); got != want {
				t.Fatalf("arrays %v, filter %s: indexed %s, scan %s", arrays, wirebson.LogMessage(filter), got, want)
			}
		}
		t.Logf("arrays %v: %d of %d filters pushed down", arrays, pushedDown, queries)
		if !arrays && pushedDown < queries/4 {
			t.Fatalf("only %d of %d random filters were pushed down", pushedDown, queries)
		}
	}
}
