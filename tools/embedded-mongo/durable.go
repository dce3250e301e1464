package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
)

// groupCommit makes acknowledged writes durable with one fsync for many writes.
//
// SQLite's synchronous=FULL syncs the write-ahead log at every commit: about
// 4.5 ms on this machine's disk, and since writes go one at a time (see
// proxy.go) that capped the embedded server at ~200 writes a second, which
// 100 signers finishing at once queued behind for tens of seconds. The server
// runs SQLite with synchronous=NORMAL (a commit is written to the log, not
// synced) and the proxy holds each write's reply until a sync of the logs
// that started after the write committed has finished: a write is
// acknowledged only once it is on disk, as with FULL, while every write that
// committed during one sync shares the next.
type groupCommit struct {
	sync func() error

	mu        sync.Mutex
	changed   *sync.Cond
	requested uint64 // tickets handed out: one per committed write waiting
	completed uint64 // every ticket up to this one is covered by a finished sync
	lastErr   error
	wake      chan struct{}
}

func newGroupCommit(syncLogs func() error) *groupCommit {
	g := &groupCommit{sync: syncLogs, wake: make(chan struct{}, 1)}
	g.changed = sync.NewCond(&g.mu)
	return g
}

// waitDurable returns once everything committed before the call is on disk, or
// the error of the sync that should have put it there.
func (g *groupCommit) waitDurable() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.requested++
	ticket := g.requested
	select {
	case g.wake <- struct{}{}:
	default:
	}
	for g.completed < ticket {
		g.changed.Wait()
	}
	return g.lastErr
}

// run syncs whenever a write waits, until ctx ends; a sync covers the tickets
// handed out before it started.
func (g *groupCommit) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			g.mu.Lock()
			g.completed = ^uint64(0)
			g.lastErr = errors.New("embedded-mongo is stopping")
			g.changed.Broadcast()
			g.mu.Unlock()
			return
		case <-g.wake:
		}
		g.mu.Lock()
		covered := g.requested
		g.mu.Unlock()
		err := g.sync()
		g.mu.Lock()
		if covered > g.completed {
			g.completed = covered
		}
		g.lastErr = err
		g.changed.Broadcast()
		g.mu.Unlock()
	}
}

// syncSQLiteLogs fsyncs every database's write-ahead log in dataDir, and the
// directory (a log created since the last sync is a new directory entry).
func syncSQLiteLogs(dataDir string) error {
	logs, err := filepath.Glob(filepath.Join(dataDir, "*.sqlite-wal"))
	if err != nil {
		return err
	}
	for _, path := range append(logs, dataDir) {
		if err := fsyncPath(path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

func fsyncPath(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
