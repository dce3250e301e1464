package main

import (
	"context"
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// commandMsg builds an OP_MSG carrying the command {name: 1} with the given request
// id (or, for a reply, answering responseTo).
func commandMsg(requestID, responseTo uint32, name string) []byte {
	doc := []byte{0, 0, 0, 0, 0x10}
	doc = append(doc, name...)
	doc = append(doc, 0, 1, 0, 0, 0, 0)
	binary.LittleEndian.PutUint32(doc, uint32(len(doc)))
	msg := make([]byte, 21, 21+len(doc))
	binary.LittleEndian.PutUint32(msg[4:], requestID)
	binary.LittleEndian.PutUint32(msg[8:], responseTo)
	binary.LittleEndian.PutUint32(msg[12:], opMsg)
	msg = append(msg, doc...)
	binary.LittleEndian.PutUint32(msg, uint32(len(msg)))
	return msg
}

func requestIDOf(msg []byte) uint32 { return binary.LittleEndian.Uint32(msg[4:8]) }

// fakeUpstream stands in for FerretDB until the test ends: every message it
// receives goes to onMessage (an error ends that connection); returns its address.
func fakeUpstream(t *testing.T, onMessage func(conn net.Conn, msg []byte) error) string {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { listener.Close() })
	go func() {
		for {
			conn, err := listener.Accept()
			if err != nil {
				return
			}
			go func() {
				for {
					msg, err := readMessage(conn)
					if err != nil || onMessage(conn, msg) != nil {
						return
					}
				}
			}()
		}
	}()
	return listener.Addr().String()
}

// serveProxy runs the write serializer in front of upstreamAddress until the
// test ends and returns a dial to it.
func serveProxy(t *testing.T, upstreamAddress string, durable *groupCommit) func() net.Conn {
	t.Helper()
	proxyListener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { proxyListener.Close() })
	proxy := &writeSerializer{
		upstreamNetwork: "tcp",
		upstreamAddress: upstreamAddress,
		logger:          slog.New(slog.NewTextHandler(io.Discard, nil)),
		durable:         durable,
	}
	go func() { _ = proxy.serve(proxyListener) }()
	return func() net.Conn {
		conn, err := net.Dial("tcp", proxyListener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return conn
	}
}

// A reply to an earlier read on the same connection must not let another
// connection's write through while this connection's write is still running:
// the lock is released by the write's own reply (found by CI as lost $inc on
// one document when 12 writers appended to it at once).
func TestWriteLockHeldUntilTheWritesOwnReply(t *testing.T) {
	// The fake FerretDB: each request it receives is reported; it answers only when told.
	type arrival struct {
		conn net.Conn
		msg  []byte
	}
	arrivals := make(chan arrival, 8)
	upstream := fakeUpstream(t, func(conn net.Conn, msg []byte) error {
		arrivals <- arrival{conn, msg}
		return nil
	})

	dial := serveProxy(t, upstream, nil)
	next := func() arrival {
		select {
		case a := <-arrivals:
			return a
		case <-time.After(5 * time.Second):
			t.Fatal("no request reached the upstream")
			return arrival{}
		}
	}
	nothingArrives := func(what string) {
		select {
		case a := <-arrivals:
			t.Fatalf("%s: %q reached the upstream while a write was running", what, a.msg[26:])
		case <-time.After(300 * time.Millisecond):
		}
	}

	first := dial()
	// A read, then a write on the same connection before the read is answered.
	if _, err := first.Write(commandMsg(1, 0, "find")); err != nil {
		t.Fatal(err)
	}
	read := next()
	if _, err := first.Write(commandMsg(2, 0, "findAndModify")); err != nil {
		t.Fatal(err)
	}
	write := next()
	// The read's late reply comes back; the write is still running upstream.
	if _, err := read.conn.Write(commandMsg(10, requestIDOf(read.msg), "ok")); err != nil {
		t.Fatal(err)
	}
	second := dial()
	if _, err := second.Write(commandMsg(3, 0, "update")); err != nil {
		t.Fatal(err)
	}
	nothingArrives("after a read's reply")
	// The write's own reply lets the other connection's write through.
	if _, err := write.conn.Write(commandMsg(11, requestIDOf(write.msg), "ok")); err != nil {
		t.Fatal(err)
	}
	if got := next(); requestIDOf(got.msg) != 3 {
		t.Fatalf("expected the second connection's write, got request %d", requestIDOf(got.msg))
	}
}

// startProxyWithDurability runs the proxy in front of a fake FerretDB that
// answers every request at once, with syncLogs as the sync of the logs.
func startProxyWithDurability(t *testing.T, syncLogs func() error) func() net.Conn {
	t.Helper()
	upstream := fakeUpstream(t, func(conn net.Conn, msg []byte) error {
		_, err := conn.Write(commandMsg(1000+requestIDOf(msg), requestIDOf(msg), "ok"))
		return err
	})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	durable := newGroupCommit(syncLogs)
	go durable.run(ctx)
	return serveProxy(t, upstream, durable)
}

// replyWithin reads one reply, or reports that none came in time (nil).
func replyWithin(conn net.Conn, wait time.Duration) []byte {
	_ = conn.SetReadDeadline(time.Now().Add(wait))
	msg, err := readMessage(conn)
	if err != nil {
		return nil
	}
	return msg
}

// A write is acknowledged only once the log holding it was synced to disk;
// reads are answered without waiting for any sync.
func TestWriteAcknowledgedOnlyAfterTheLogIsSynced(t *testing.T) {
	syncing := make(chan struct{})
	finishSync := make(chan struct{})
	dial := startProxyWithDurability(t, func() error {
		syncing <- struct{}{}
		<-finishSync
		return nil
	})

	reader := dial()
	if _, err := reader.Write(commandMsg(1, 0, "find")); err != nil {
		t.Fatal(err)
	}
	if replyWithin(reader, 5*time.Second) == nil {
		t.Fatal("a read waited for a sync")
	}

	writer := dial()
	if _, err := writer.Write(commandMsg(2, 0, "insert")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-syncing:
	case <-time.After(5 * time.Second):
		t.Fatal("a committed write did not start a sync")
	}
	if msg := replyWithin(writer, 300*time.Millisecond); msg != nil {
		t.Fatal("the write was acknowledged before its sync finished")
	}
	close(finishSync)
	if msg := replyWithin(writer, 5*time.Second); msg == nil || requestIDOf(msg) != 1002 {
		t.Fatalf("no acknowledgement after the sync: %v", msg)
	}
}

// Writes that commit while a sync runs share the next one: 20 writers need a
// handful of syncs, not 20.
func TestWritesCommittedDuringASyncShareTheNext(t *testing.T) {
	var syncs atomic.Int32
	dial := startProxyWithDurability(t, func() error {
		syncs.Add(1)
		time.Sleep(50 * time.Millisecond)
		return nil
	})
	const writers = 20
	conns := make([]net.Conn, writers)
	for i := range conns {
		conns[i] = dial()
	}
	var wg sync.WaitGroup
	for i, conn := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := conn.Write(commandMsg(uint32(100+i), 0, "update")); err != nil {
				t.Error(err)
				return
			}
			if replyWithin(conn, 10*time.Second) == nil {
				t.Errorf("writer %d was never acknowledged", i)
			}
		}()
	}
	wg.Wait()
	if n := syncs.Load(); n < 1 || n > 5 {
		t.Fatalf("%d writers took %d syncs; one sync should cover every write committed before it", writers, n)
	}
}

// A write whose sync failed is never acknowledged: the client's connection
// drops, so the driver reports an error and the application tries again.
func TestWriteNotAcknowledgedWhenTheSyncFails(t *testing.T) {
	dial := startProxyWithDurability(t, func() error { return errors.New("disk full") })
	writer := dial()
	if _, err := writer.Write(commandMsg(7, 0, "delete")); err != nil {
		t.Fatal(err)
	}
	_ = writer.SetReadDeadline(time.Now().Add(5 * time.Second))
	if msg, err := readMessage(writer); err == nil {
		t.Fatalf("a write whose sync failed was acknowledged: %v", msg)
	} else if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatal("the connection stayed open without an answer")
	}
}
