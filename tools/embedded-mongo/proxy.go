package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sync"
	"time"
)

// FerretDB v1 applies an update by reading the document, changing it in Go and
// writing it back, with nothing stopping two connections from doing so at the
// same time: concurrent $inc, $set of different fields or conditional
// findAndModify claims lose writes (200 concurrent $inc ended at 4 when
// measured). MongoDB makes each single-document write atomic, and the
// application relies on that. writeSerializer sits in front of FerretDB on the
// wire and lets one write command at a time through, from request to reply, so
// the embedded server keeps MongoDB's guarantee. Reads are not held back.
//
// With durable set, a write's reply reaches its client only once the write is
// on disk (see durable.go); the next write goes upstream meanwhile.
type writeSerializer struct {
	upstreamNetwork, upstreamAddress string
	logger                           *slog.Logger
	writes                           sync.Mutex
	durable                          *groupCommit
}

const (
	opMsg          = 2013
	moreToComeFlag = 1 << 1
)

// readCommands never change data; every other command is treated as a write.
var readCommands = map[string]bool{
	"find": true, "aggregate": true, "count": true, "distinct": true, "getMore": true,
	"killCursors": true, "listCollections": true, "listIndexes": true, "listDatabases": true,
	"ping": true, "hello": true, "isMaster": true, "ismaster": true, "buildInfo": true,
	"buildinfo": true, "serverStatus": true, "dbStats": true, "collStats": true,
	"getParameter": true, "getLog": true, "whatsmyuri": true, "endSessions": true,
	"connectionStatus": true, "hostInfo": true, "getCmdLineOpts": true, "explain": true,
	"saslStart": true, "saslContinue": true, "logout": true, "getFreeMonitoringStatus": true,
	"dataSize": true, "validate": true, "listCommands": true,
}

func (s *writeSerializer) serve(listener net.Listener) error {
	for {
		client, err := listener.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return nil
			}
			return err
		}
		go s.handle(client)
	}
}

func (s *writeSerializer) handle(client net.Conn) {
	defer client.Close()
	upstream, err := s.dialUpstream()
	if err != nil {
		s.logger.Error("embedded-mongo: cannot reach FerretDB", "error", err)
		return
	}
	defer upstream.Close()

	// holding is true while this connection's write command is waiting for its
	// reply: the reply whose responseTo is heldRequest. A reply to anything else
	// (an earlier read answered late) does not let the next write through.
	var mu sync.Mutex
	holding := false
	var heldRequest uint32
	releaseFor := func(responseTo uint32, any bool) (released bool) {
		mu.Lock()
		defer mu.Unlock()
		if holding && (any || responseTo == heldRequest) {
			holding = false
			s.writes.Unlock()
			return true
		}
		return false
	}
	defer releaseFor(0, true)

	// Buffered: a message's header and body come in one read, not two (each a system call).
	clientReader := bufio.NewReaderSize(client, 64<<10)
	upstreamReader := bufio.NewReaderSize(upstream, 64<<10)

	done := make(chan struct{}, 2)
	go func() { // replies: let the next write through, forward once durable
		defer func() { done <- struct{}{} }()
		for {
			msg, err := readMessage(upstreamReader)
			if err != nil {
				return
			}
			if releaseFor(binary.LittleEndian.Uint32(msg[8:12]), false) && s.durable != nil {
				if err := s.durable.waitDurable(); err != nil {
					// Not acknowledged: the client sees the connection drop and retries.
					s.logger.Error("embedded-mongo: a write could not be synced to disk", "error", err)
					return
				}
			}
			if _, err := client.Write(msg); err != nil {
				return
			}
		}
	}()
	go func() { // requests: take the write lock before a write goes upstream
		defer func() { done <- struct{}{} }()
		for {
			msg, err := readMessage(clientReader)
			if err != nil {
				return
			}
			if isWrite, expectsReply := classify(msg); isWrite && expectsReply {
				s.writes.Lock()
				mu.Lock()
				holding = true
				heldRequest = binary.LittleEndian.Uint32(msg[4:8])
				mu.Unlock()
			}
			if _, err := upstream.Write(msg); err != nil {
				return
			}
		}
	}()
	<-done
}

func (s *writeSerializer) dialUpstream() (net.Conn, error) {
	deadline := time.Now().Add(30 * time.Second)
	for {
		conn, err := net.Dial(s.upstreamNetwork, s.upstreamAddress)
		if err == nil || time.Now().After(deadline) {
			return conn, err
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// readMessage reads one whole wire-protocol message (its length is the first int32).
func readMessage(r io.Reader) ([]byte, error) {
	var header [16]byte
	if _, err := io.ReadFull(r, header[:]); err != nil {
		return nil, err
	}
	length := int(binary.LittleEndian.Uint32(header[0:4]))
	if length < 16 || length > 64<<20 {
		return nil, fmt.Errorf("invalid message length %d", length)
	}
	msg := make([]byte, length)
	copy(msg, header[:])
	if _, err := io.ReadFull(r, msg[16:]); err != nil {
		return nil, err
	}
	return msg, nil
}

// classify reads the command name of an OP_MSG (the first key of its body
// section) and whether the client waits for a reply.
func classify(msg []byte) (isWrite, expectsReply bool) {
	if binary.LittleEndian.Uint32(msg[12:16]) != opMsg || len(msg) < 27 {
		return false, true
	}
	flags := binary.LittleEndian.Uint32(msg[16:20])
	expectsReply = flags&moreToComeFlag == 0
	// sections start at 20; find the kind-0 (body) section, skipping kind-1 sequences
	for i := 20; i < len(msg); {
		kind := msg[i]
		if kind == 1 {
			if i+5 > len(msg) {
				break
			}
			i += 1 + int(binary.LittleEndian.Uint32(msg[i+1:i+5]))
			continue
		}
		// kind 0: int32 document length, element type byte, then the key as a C string
		keyStart := i + 1 + 4 + 1
		for j := keyStart; j < len(msg); j++ {
			if msg[j] == 0 {
				return !readCommands[string(msg[keyStart:j])], expectsReply
			}
		}
		break
	}
	return true, expectsReply
}
