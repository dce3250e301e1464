package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"syscall"
	"testing"
)

// syncRecorder records which files a logSyncer syncs, by name and inode.
type syncRecorder struct{ synced []string }

func (r *syncRecorder) record(f *os.File) error {
	info, err := f.Stat()
	if err != nil {
		return err
	}
	r.synced = append(r.synced, filepath.Base(f.Name())+"#"+inode(info))
	return f.Sync()
}

func inode(info os.FileInfo) string {
	return strconv.FormatUint(info.Sys().(*syscall.Stat_t).Ino, 10)
}

func inodeOf(t *testing.T, path string) string {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return inode(info)
}

func TestLogSyncerSyncsEveryLogAndTheDirectoryOnlyForNewOnes(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.sqlite-wal")
	write := func(path string) {
		t.Helper()
		if err := os.WriteFile(path, []byte("frames"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	rec := &syncRecorder{}
	s := newLogSyncer(dir)
	s.syncFile = rec.record
	syncOnce := func() []string {
		t.Helper()
		rec.synced = nil
		if err := s.sync(); err != nil {
			t.Fatal(err)
		}
		return rec.synced
	}
	dirEntry := filepath.Base(dir) + "#" + inodeOf(t, dir)

	if got := syncOnce(); len(got) != 0 {
		t.Fatalf("no logs yet: synced %v", got)
	}

	write(a)
	want := []string{"a.sqlite-wal#" + inodeOf(t, a), dirEntry}
	if got := syncOnce(); !reflect.DeepEqual(got, want) {
		t.Fatalf("a new log: synced %v, want %v (the log, then the directory)", got, want)
	}
	want = []string{"a.sqlite-wal#" + inodeOf(t, a)}
	if got := syncOnce(); !reflect.DeepEqual(got, want) {
		t.Fatalf("the same log again: synced %v, want %v (no directory)", got, want)
	}

	// Deleted and created again under its name (a new inode: the syncer still holds the old
	// one open): the new file is synced, and its entry.
	if err := os.Remove(a); err != nil {
		t.Fatal(err)
	}
	write(a)
	want = []string{"a.sqlite-wal#" + inodeOf(t, a), dirEntry}
	if got := syncOnce(); !reflect.DeepEqual(got, want) {
		t.Fatalf("a log created again: synced %v, want %v", got, want)
	}

	// A second database's log joins; a removed log is let go.
	b := filepath.Join(dir, "b.sqlite-wal")
	write(b)
	want = []string{"a.sqlite-wal#" + inodeOf(t, a), "b.sqlite-wal#" + inodeOf(t, b), dirEntry}
	if got := syncOnce(); !reflect.DeepEqual(got, want) {
		t.Fatalf("a second log: synced %v, want %v", got, want)
	}
	if err := os.Remove(a); err != nil {
		t.Fatal(err)
	}
	want = []string{"b.sqlite-wal#" + inodeOf(t, b)}
	if got := syncOnce(); !reflect.DeepEqual(got, want) {
		t.Fatalf("after a log was removed: synced %v, want %v", got, want)
	}
	if len(s.logs) != 1 {
		t.Fatalf("%d logs held open, want 1 (the removed one closed)", len(s.logs))
	}

	// A new log whose directory sync failed: the next sync syncs the directory again.
	c := filepath.Join(dir, "c.sqlite-wal")
	write(c)
	s.syncFile = func(f *os.File) error {
		if f.Name() == dir {
			return os.ErrPermission
		}
		return rec.record(f)
	}
	if err := s.sync(); err == nil {
		t.Fatal("the directory's sync failed, and sync reported no error")
	}
	s.syncFile = rec.record
	want = []string{"b.sqlite-wal#" + inodeOf(t, b), "c.sqlite-wal#" + inodeOf(t, c), dirEntry}
	if got := syncOnce(); !reflect.DeepEqual(got, want) {
		t.Fatalf("after a failed directory sync: synced %v, want %v", got, want)
	}
}
