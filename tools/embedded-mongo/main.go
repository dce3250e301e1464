// Command embedded-mongo serves the MongoDB wire protocol on a local port by
// embedding FerretDB v1 with its SQLite backend, so the local stack and the
// test suites talk to a real MongoDB-compatible server with no MongoDB install.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof" // served only when EMBEDDED_MONGO_PPROF names an address
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to serve the MongoDB wire protocol on")
	dataDir := flag.String("data", ".data/mongo", "directory holding the SQLite files (one per database)")
	logLevel := flag.String("log-level", "warn", "log level: debug, info, warn or error")
	flag.Parse()

	abs, err := filepath.Abs(*dataDir)
	if err != nil {
		fail("data directory %q: %v", *dataDir, err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		fail("create data directory %q: %v", abs, err)
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fail("log level %q: %v", *logLevel, err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	// Decoding and encoding whole documents allocates heavily, while the live heap stays small
	// (11.5 MB under bench/signers: the data lives in SQLite's own memory). At Go's default (100)
	// the collector took ~14% of the server's CPU there, at 300 its mark workers 5.9%, at 800
	// 2.3% (a heap of about 100 MB). The memory limit makes it collect sooner should the live
	// heap ever grow large. GOGC and GOMEMLIMIT in the environment still decide when set.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(800)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(1 << 30)
	}

	// Diagnosis: Go's profiler (e.g. `go tool pprof http://ADDR/debug/pprof/profile?seconds=10`)
	// shows where the server's CPU goes under a bench. Off unless asked for.
	if addr := os.Getenv("EMBEDDED_MONGO_PPROF"); addr != "" {
		go func() { logger.Error("pprof", "error", http.ListenAndServe(addr, nil)) }()
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if err := serve(ctx, *listen, abs, logger); err != nil {
		fail("%v", err)
	}
}

// serve runs FerretDB with its SQLite files in dataDir, reachable on listen
// through the write serializer (see proxy.go), until ctx ends.
func serve(ctx context.Context, listen, dataDir string, logger *slog.Logger) error {
	socketDir, err := os.MkdirTemp("", "embedded-mongo-")
	if err != nil {
		return fmt.Errorf("socket directory: %w", err)
	}
	defer os.RemoveAll(socketDir)
	socket := filepath.Join(socketDir, "ferretdb.sock")

	f, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{Unix: socket},
		Logger:   logger,
		Handler:  "sqlite",
		// Commits are written to the log, not synced; the proxy syncs them in groups
		// before it acknowledges them (durable.go).
		SQLiteURL: "file:" + dataDir + "/?_pragma=synchronous(normal)",
	})
	if err != nil {
		return fmt.Errorf("start FerretDB: %w", err)
	}

	listener, err := net.Listen("tcp", listen)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", listen, err)
	}
	durable := newGroupCommit(newLogSyncer(dataDir).sync)
	go durable.run(ctx)
	proxy := &writeSerializer{
		upstreamNetwork: "unix", upstreamAddress: socket, logger: logger, durable: durable,
	}
	go func() {
		<-ctx.Done()
		listener.Close()
	}()
	go func() {
		if err := proxy.serve(listener); err != nil {
			logger.Error("embedded-mongo: accept failed", "error", err)
		}
	}()

	fmt.Fprintf(os.Stderr, "embedded-mongo: serving mongodb://%s/ (data in %s)\n", listener.Addr(), dataDir)
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		return fmt.Errorf("FerretDB stopped: %w", err)
	}
	return nil
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "embedded-mongo: "+format+"\n", args...)
	os.Exit(1)
}
