// Command embedded-mongo serves the MongoDB wire protocol on a local port by
// embedding FerretDB v1 with its SQLite backend, so the local stack and the
// test suites talk to a real MongoDB-compatible server with no MongoDB install.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
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

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if err := serve(ctx, *listen, abs, logger); err != nil {
		fail("%v", err)
	}
}

// serve runs FerretDB on listen with its SQLite files in dataDir until ctx ends.
func serve(ctx context.Context, listen, dataDir string, logger *slog.Logger) error {
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + dataDir + "/",
	})
	if err != nil {
		return fmt.Errorf("start FerretDB: %w", err)
	}

	fmt.Fprintf(os.Stderr, "embedded-mongo: serving %s (data in %s)\n", f.MongoDBURI(), dataDir)
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		return fmt.Errorf("FerretDB stopped: %w", err)
	}
	return nil
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "embedded-mongo: "+format+"\n", args...)
	os.Exit(1)
}
