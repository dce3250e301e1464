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

// logSyncer fsyncs every database's write-ahead log in a data directory.
//
// It keeps each log open between syncs (opening and closing it each time were two more system
// calls per sync) and syncs the directory only when a log is new to it: a log's directory entry
// needs one sync after the log is created, its data one after every commit. A log deleted and
// created again under the same name is a new file (checked by its inode at every sync).
type logSyncer struct {
	dir      string
	syncFile func(*os.File) error // (*os.File).Sync; tests record the calls
	logs     map[string]openLog
	// A log was opened whose directory entry no successful sync has covered yet (kept across
	// a failed sync, so the next one syncs the directory again).
	dirPending bool
}

type openLog struct {
	file *os.File
	info os.FileInfo
}

func newLogSyncer(dir string) *logSyncer {
	return &logSyncer{dir: dir, syncFile: (*os.File).Sync, logs: map[string]openLog{}}
}

func (s *logSyncer) sync() error {
	paths, err := filepath.Glob(filepath.Join(s.dir, "*.sqlite-wal"))
	if err != nil {
		return err
	}
	present := make(map[string]bool, len(paths))
	for _, path := range paths {
		present[path] = true
		log, ok := s.logs[path]
		if ok {
			if info, err := os.Stat(path); err != nil || !os.SameFile(info, log.info) {
				log.file.Close()
				delete(s.logs, path)
				ok = false
			}
		}
		if !ok {
			if log, err = openLogFile(path); err != nil {
				if errors.Is(err, os.ErrNotExist) {
					continue // removed since the glob: nothing of it left to sync
				}
				return err
			}
			s.logs[path] = log
			s.dirPending = true
		}
		if err := s.syncFile(log.file); err != nil {
			return err
		}
	}
	for path, log := range s.logs {
		if !present[path] {
			log.file.Close()
			delete(s.logs, path)
		}
	}
	if !s.dirPending {
		return nil
	}
	dir, err := os.Open(s.dir)
	if err != nil {
		return err
	}
	defer dir.Close()
	if err := s.syncFile(dir); err != nil {
		return err
	}
	s.dirPending = false
	return nil
}

func openLogFile(path string) (openLog, error) {
	f, err := os.Open(path)
	if err != nil {
		return openLog{}, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return openLog{}, err
	}
	return openLog{file: f, info: info}, nil
}
