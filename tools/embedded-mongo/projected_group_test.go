package main

import (
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"github.com/FerretDB/wire/wirebson"
)

// insightsIndexes are the Insights facts' indexes (backend agreement-insights.schema.ts).
var insightsIndexes = []*wirebson.Document{
	wirebson.MustDocument("listed", int32(1), "family", int32(1), "sentDay", int32(1)),
	wirebson.MustDocument("listed", int32(1), "family", int32(1), "open", int32(1)),
}

// resultText is a pipeline's answer, types included, in its order or sorted.
func resultText(rows []*wirebson.Document, sorted bool) string {
	texts := make([]string, len(rows))
	for i, r := range rows {
		texts[i] = wirebson.LogMessage(r)
	}
	if sorted {
		sort.Strings(texts)
	}
	return strings.Join(texts, "\n")
}

// On random documents, [$match, $group] pipelines over the indexed collection, whose $group's
// fields are read from SQLite when the $match is exact (patches/ferretdb-projected-group.patch),
// answer exactly as over the same documents without indexes (the documents decoded and
// filtered one by one): values and types. The clean variant holds only types read field by
// field, whose groups also come in the scan's order (the rows' order: the usual way reads the
// indexed collection in index order); the mixed one ObjectIds, arrays and numbers in a boolean
// field too, which leave it to the usual way.
func TestProjectedGroupEqualsScan(t *testing.T) {
	conn := startServer(t)
	const db = "projectedgroup"
	rng := rand.New(rand.NewSource(11))
	pick := func(values ...any) any { return values[rng.Intn(len(values))] }
	days := []string{"2026-08-01", "2026-08-15", "2026-09-01", "2026-09-30", "2026-10-02", "2026-09-1!", "2026-09-1\"", "é"}

	for _, mixed := range []bool{false, true} {
		indexed, plain := fmt.Sprintf("indexed%v", mixed), fmt.Sprintf("plain%v", mixed)
		for i, key := range insightsIndexes {
			command(t, conn, "createIndexes", indexed, "indexes", wirebson.MustArray(
				wirebson.MustDocument("key", key, "name", fmt.Sprintf("i%d", i)),
			), "$db", db)
		}
		var docs []*wirebson.Document
		for i := 0; i < 600; i++ {
			doc := wirebson.MustDocument("_id", int32(i),
				"listed", pick(true, true, true, false),
				"family", pick("standard", "sow", "co"),
				"sentDay", days[rng.Intn(len(days))],
				"open", pick(true, false),
				"stage", pick("sent", "viewed", wirebson.Null, "late"),
				"viewed", pick(int32(0), int32(1), int32(1)),
				"fee", pick(100.25, 0.1, 0.2, int32(7), int64(1)<<40, 3.0, "n/a", wirebson.Null),
				"daysToSign", pick(1.25, int32(4), 4.5, wirebson.Null, 0.1),
			)
			if rng.Intn(10) == 0 {
				doc.Remove("stage")
			}
			if rng.Intn(10) == 0 {
				doc.Remove("fee")
			}
			if mixed && rng.Intn(20) == 0 {
				doc.Replace("stage", pick(wirebson.ObjectID{1}, wirebson.MustArray("a")))
			}
			if mixed && rng.Intn(30) == 0 {
				doc.Replace("listed", int32(1))
			}
			docs = append(docs, doc)
		}
		for _, coll := range []string{indexed, plain} {
			insertMany(t, conn, db, coll, docs)
		}

		keys := []string{"family", "stage", "viewed", "daysToSign", "sentDay", "listed"}
		for q := 0; q < 60; q++ {
			match := wirebson.MustDocument("listed", true,
				"family", wirebson.MustDocument("$in", wirebson.MustArray(pick("standard", "sow", "co"), pick("sow", "co"))))
			if rng.Intn(2) == 0 {
				match.Add("sentDay", wirebson.MustDocument("$gte", days[rng.Intn(4)], "$lte", days[2+rng.Intn(4)]))
			} else {
				match.Add("open", pick(true, false))
			}
			var id any
			if rng.Intn(3) == 0 {
				id = "$" + keys[rng.Intn(len(keys))]
			} else {
				d := wirebson.MustDocument()
				for _, k := range keys {
					if rng.Intn(3) == 0 {
						d.Add(k, "$"+k)
					}
				}
				id = d
			}
			group := wirebson.MustDocument("_id", id, "count", wirebson.MustDocument("$sum", int32(1)))
			if rng.Intn(2) == 0 {
				group.Add("fee", wirebson.MustDocument("$sum", "$fee"))
			}
			if rng.Intn(2) == 0 {
				group.Add("viewed", wirebson.MustDocument("$sum", "$viewed"))
			}
			stages := []*wirebson.Document{wirebson.MustDocument("$match", match), wirebson.MustDocument("$group", group)}
			got := resultText(aggregate(t, conn, db, indexed, stages...), mixed)
			want := resultText(aggregate(t, conn, db, plain, stages...), mixed)
			if got != want {
				t.Fatalf("mixed %v, $match %s, $group %s:\nindexed:\n%s\nscan:\n%s", mixed,
					wirebson.LogMessage(match), wirebson.LogMessage(group), got, want)
			}
		}
	}
}
