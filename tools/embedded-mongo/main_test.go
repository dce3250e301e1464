package main

import (
	"context"
	"log/slog"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/FerretDB/wire"
	"github.com/FerretDB/wire/wirebson"
	"github.com/FerretDB/wire/wireclient"
)

// startServer runs the embedded server on a free port until the test ends and
// returns a wire connection to it.
func startServer(t *testing.T) *wireclient.Conn {
	t.Helper()
	probe, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := probe.Addr().String()
	probe.Close()

	ctx, cancel := context.WithCancel(context.Background())
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	done := make(chan error, 1)
	go func() { done <- serve(ctx, addr, t.TempDir(), logger) }()

	var conn *wireclient.Conn
	deadline := time.Now().Add(20 * time.Second)
	for conn == nil {
		if time.Now().After(deadline) {
			t.Fatalf("no connection to %s", addr)
		}
		if c, err := wireclient.Connect(ctx, "mongodb://"+addr+"/", logger); err == nil {
			conn = c
		} else {
			time.Sleep(100 * time.Millisecond)
		}
	}
	t.Cleanup(func() {
		conn.Close()
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve returned %v after shutdown", err)
		}
	})
	return conn
}

// command sends one command and returns its reply document.
func command(t *testing.T, conn *wireclient.Conn, pairs ...any) *wirebson.Document {
	t.Helper()
	_, body, err := conn.Request(context.Background(), wire.MustOpMsg(pairs...))
	if err != nil {
		t.Fatalf("%v: %v", pairs[0], err)
	}
	raw, err := body.(*wire.OpMsg).RawDocument()
	if err != nil {
		t.Fatal(err)
	}
	reply, err := raw.DecodeDeep()
	if err != nil {
		t.Fatal(err)
	}
	if ok := reply.Get("ok"); ok != 1.0 {
		t.Fatalf("%v failed: %v", pairs[0], reply)
	}
	return reply
}

// The embedded server must answer the MongoDB wire protocol, since every
// backend test and the local stack depend on it.
func TestServeAnswersPing(t *testing.T) {
	conn := startServer(t)
	if err := conn.Ping(context.Background()); err != nil {
		t.Fatalf("ping: %v", err)
	}
}

// A conditional write on one record ({_id, status: ...}) must read that record by
// its _id, not the whole collection (patches/ferretdb-id-pushdown.patch), from
// the _id index (patches/ferretdb-id-index.patch), and still apply every condition.
func TestIDEqualityBesideOtherConditionsUsesIDIndexAndWholeFilter(t *testing.T) {
	conn := startServer(t)
	const db = "pushdown"
	command(t, conn, "insert", "agreements", "documents", wirebson.MustArray(
		wirebson.MustDocument("_id", "a", "status", "sent"),
		wirebson.MustDocument("_id", "b", "status", "sent"),
	), "$db", db)

	explained := command(t, conn, "explain", wirebson.MustDocument(
		"find", "agreements",
		"filter", wirebson.MustDocument("_id", "b", "status", "sent"),
	), "$db", db)
	if pushed := explained.Get("filterPushdown"); pushed != true {
		t.Fatalf("filter {_id, status} was not pushed down to the _id index: %v", explained)
	}
	// SQLite's own plan: a search of the _id index, not a scan of every row
	// (patches/ferretdb-id-index.patch).
	if plan := wirebson.LogMessage(explained.Get("queryPlanner")); !strings.Contains(plan, "SEARCH") ||
		!strings.Contains(plan, "USING INDEX") {
		t.Fatalf("SQLite does not read {_id} from the index: %s", plan)
	}

	stale := command(t, conn, "update", "agreements", "updates", wirebson.MustArray(wirebson.MustDocument(
		"q", wirebson.MustDocument("_id", "b", "status", "signed"),
		"u", wirebson.MustDocument("$set", wirebson.MustDocument("status", "voided")),
	)), "$db", db)
	if n := stale.Get("n"); n != int32(0) {
		t.Fatalf("update whose status condition does not hold matched %v documents", n)
	}

	won := command(t, conn, "update", "agreements", "updates", wirebson.MustArray(wirebson.MustDocument(
		"q", wirebson.MustDocument("_id", "b", "status", "sent"),
		"u", wirebson.MustDocument("$set", wirebson.MustDocument("status", "signed")),
	)), "$db", db)
	if n := won.Get("n"); n != int32(1) {
		t.Fatalf("update whose conditions hold matched %v documents", n)
	}

	found := command(t, conn, "find", "agreements",
		"filter", wirebson.MustDocument("_id", "a", "status", "signed"), "$db", db)
	batch := found.Get("cursor").(*wirebson.Document).Get("firstBatch").(*wirebson.Array)
	if batch.Len() != 0 {
		t.Fatalf("find {_id: a, status: signed} returned %v; a is still sent", batch)
	}
}
