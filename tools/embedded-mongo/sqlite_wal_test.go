package main

import (
	"bufio"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	_ "modernc.org/sqlite"
)

// The server's SQLite is built with patches/sqlite-wal-frame-one-write.patch: a commit writes
// each page to the write-ahead log as one frame, header and page in one write system call
// (unpatched: two). These tests hold the log to SQLite's format and count the writes.

const walPageSize = 4096

func openWAL(t testing.TB, file string) *sql.Conn {
	t.Helper()
	_, conn := sqliteConn(t, "file:"+file+
		"?_pragma=journal_mode(wal)&_pragma=synchronous(normal)&_pragma=wal_autocheckpoint(0)")
	return conn
}

// writeSyscalls is this process's count of write system calls (pwrite included).
func writeSyscalls(t testing.TB) int64 {
	t.Helper()
	f, err := os.Open("/proc/self/io")
	if err != nil {
		t.Skipf("no I/O accounting here: %v", err)
	}
	defer f.Close()
	for s := bufio.NewScanner(f); s.Scan(); {
		if v, ok := strings.CutPrefix(s.Text(), "syscw: "); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("/proc/self/io has no syscw")
	return 0
}

func TestSQLiteWALFrameIsOneWrite(t *testing.T) {
	file := filepath.Join(t.TempDir(), "wal.sqlite")
	conn := openWAL(t, file)
	ctx := context.Background()
	for _, q := range []string{
		`CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT)`,
		`CREATE INDEX docs_body ON docs (substr(body, 1, 64))`,
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	walSize := func() int64 {
		st, err := os.Stat(file + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}

	const commits = 50
	body := strings.Repeat("a 12 KB document, in several pages. ", 12<<10/36)
	before, sizeBefore := writeSyscalls(t), walSize()
	for i := 0; i < commits; i++ {
		if _, err := conn.ExecContext(ctx, `INSERT INTO docs (body) VALUES (?)`, strconv.Itoa(i)+body); err != nil {
			t.Fatal(err)
		}
	}
	writes := writeSyscalls(t) - before
	frames := (walSize() - sizeBefore) / (24 + walPageSize)
	if frames < commits*3 {
		t.Fatalf("%d commits wrote only %d frames; the test needs several pages per commit", commits, frames)
	}
	if writes > frames+commits {
		t.Fatalf("%d frames took %d write system calls; each frame should be one write", frames, writes)
	}

	// The log as written is SQLite's format: a copy of the files, never checkpointed, opens with
	// every row (recovery checks each frame's checksum and drops the log from a bad one on).
	copyDir := t.TempDir()
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(file + suffix)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(copyDir, "wal.sqlite"+suffix), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	copied := openWAL(t, filepath.Join(copyDir, "wal.sqlite"))
	var rows int
	var last string
	if err := copied.QueryRowContext(ctx, `SELECT count(*), max(substr(body, 1, 2)) FROM docs`).Scan(&rows, &last); err != nil {
		t.Fatal(err)
	}
	if rows != commits || last != "9a" {
		t.Fatalf("recovered %d rows (last %q), want %d", rows, last, commits)
	}
}

// One commit of a 12 KB row with an index: its frames written to the log.
func BenchmarkSQLiteWALCommit(b *testing.B) {
	conn := openWAL(b, filepath.Join(b.TempDir(), "wal.sqlite"))
	ctx := context.Background()
	for _, q := range []string{
		`PRAGMA wal_autocheckpoint = 1000`, // as the server runs: the log does not grow without end
		`CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT)`,
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	body := strings.Repeat("x", 12<<10)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := conn.ExecContext(ctx, `INSERT INTO docs (body) VALUES (?)`, body); err != nil {
			b.Fatal(err)
		}
	}
}
