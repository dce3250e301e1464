package main

import (
	"encoding/binary"
	"io"
	"log/slog"
	"net"
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

// A reply to an earlier read on the same connection must not let another
// connection's write through while this connection's write is still running:
// the lock is released by the write's own reply (found by CI as lost $inc on
// one document when 12 writers appended to it at once).
func TestWriteLockHeldUntilTheWritesOwnReply(t *testing.T) {
	upstreamListener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer upstreamListener.Close()
	// The fake FerretDB: each request it receives is reported; it answers only when told.
	type arrival struct {
		conn net.Conn
		msg  []byte
	}
	arrivals := make(chan arrival, 8)
	go func() {
		for {
			conn, err := upstreamListener.Accept()
			if err != nil {
				return
			}
			go func() {
				for {
					msg, err := readMessage(conn)
					if err != nil {
						return
					}
					arrivals <- arrival{conn, msg}
				}
			}()
		}
	}()

	proxyListener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer proxyListener.Close()
	proxy := &writeSerializer{
		upstreamNetwork: "tcp",
		upstreamAddress: upstreamListener.Addr().String(),
		logger:          slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	go func() { _ = proxy.serve(proxyListener) }()

	dial := func() net.Conn {
		conn, err := net.Dial("tcp", proxyListener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return conn
	}
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
