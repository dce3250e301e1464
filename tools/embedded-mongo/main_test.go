package main

import (
	"context"
	"log/slog"
	"net"
	"os"
	"testing"
	"time"

	"github.com/FerretDB/wire/wireclient"
)

// The embedded server must answer the MongoDB wire protocol, since every
// backend test and the local stack depend on it.
func TestServeAnswersPing(t *testing.T) {
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
	if err := conn.Ping(ctx); err != nil {
		t.Fatalf("ping: %v", err)
	}
	conn.Close()

	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve returned %v after shutdown", err)
	}
}
