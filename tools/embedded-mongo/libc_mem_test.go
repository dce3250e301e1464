package main

import (
	"bytes"
	"math/rand"
	"testing"
	"unsafe"

	"modernc.org/libc"
)

// The server's SQLite runs on modernc.org/libc, built with
// patches/libc-fast-memcmp-memcpy.patch: memcmp and memcpy on Go's vectorised
// compare and copy. These tests hold them to C's contract on libc's own memory.

// cPointer is p as a pointer: libc's memory is not Go's heap, so the
// garbage collector never moves it (said this way, go vet does not flag it).
func cPointer(p uintptr) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&p)) }

// cBytes copies b into memory allocated by libc (where SQLite's buffers live).
func cBytes(t testing.TB, tls *libc.TLS, b []byte) uintptr {
	t.Helper()
	p := libc.Xmalloc(tls, uint64(len(b)+1))
	if p == 0 {
		t.Fatal("malloc failed")
	}
	copy(unsafe.Slice((*byte)(cPointer(p)), len(b)), b)
	return p
}

func sign(v int) int {
	switch {
	case v < 0:
		return -1
	case v > 0:
		return 1
	}
	return 0
}

func TestLibcMemcmpOrdersLikeBytesCompare(t *testing.T) {
	tls := libc.NewTLS()
	defer tls.Close()
	rng := rand.New(rand.NewSource(1))
	for _, n := range []int{0, 1, 2, 7, 8, 9, 31, 32, 33, 255, 4096, 12345} {
		a := make([]byte, n)
		rng.Read(a)
		cases := [][]byte{append([]byte(nil), a...)}
		for _, at := range []int{0, n / 2, n - 1} {
			if n == 0 {
				break
			}
			for _, delta := range []byte{1, 0x80} { // 0x80: bytes compare as unsigned char
				b := append([]byte(nil), a...)
				b[at] += delta
				cases = append(cases, b)
			}
		}
		for _, b := range cases {
			pa, pb := cBytes(t, tls, a), cBytes(t, tls, b)
			got := sign(int(libc.Xmemcmp(tls, pa, pb, uint64(n))))
			if want := bytes.Compare(a, b); got != want {
				t.Fatalf("memcmp of %d bytes: sign %d, want %d", n, got, want)
			}
			if back := sign(int(libc.Xmemcmp(tls, pb, pa, uint64(n)))); back != -got {
				t.Fatalf("memcmp of %d bytes both ways: %d and %d", n, got, back)
			}
			libc.Xfree(tls, pa)
			libc.Xfree(tls, pb)
		}
	}
}

func TestLibcMemcmpReadsOnlyNBytes(t *testing.T) {
	tls := libc.NewTLS()
	defer tls.Close()
	pa, pb := cBytes(t, tls, []byte("same prefix, then A")), cBytes(t, tls, []byte("same prefix, then B"))
	defer libc.Xfree(tls, pa)
	defer libc.Xfree(tls, pb)
	if got := libc.Xmemcmp(tls, pa, pb, uint64(len("same prefix, then "))); got != 0 {
		t.Fatalf("memcmp of the equal prefix = %d, want 0", got)
	}
	if got := libc.Xmemcmp(tls, pa, pb, uint64(len("same prefix, then A"))); got >= 0 {
		t.Fatalf("memcmp through the differing byte = %d, want < 0", got)
	}
}

func TestLibcMemcpyCopiesExactlyN(t *testing.T) {
	tls := libc.NewTLS()
	defer tls.Close()
	rng := rand.New(rand.NewSource(2))
	guard := []byte{0xAA, 0xBB, 0xCC, 0xDD}
	for _, n := range []int{0, 1, 3, 4, 15, 16, 17, 64, 4097, 12345} {
		src := make([]byte, n)
		rng.Read(src)
		ps := cBytes(t, tls, src)
		for _, offset := range []int{0, 1, 3} { // unaligned sources and destinations too
			if offset > n {
				continue
			}
			pd := cBytes(t, tls, append(make([]byte, n), guard...))
			dest := pd + uintptr(offset)
			if r := libc.Xmemcpy(tls, dest, ps+uintptr(offset), uint64(n-offset)); r != dest {
				t.Fatalf("memcpy returned %#x, want the destination %#x", r, dest)
			}
			got := unsafe.Slice((*byte)(cPointer(pd)), n+len(guard))
			if !bytes.Equal(got[:offset], make([]byte, offset)) || !bytes.Equal(got[offset:n], src[offset:]) {
				t.Fatalf("memcpy of %d bytes at offset %d: wrong bytes", n-offset, offset)
			}
			if !bytes.Equal(got[n:], guard) {
				t.Fatalf("memcpy of %d bytes wrote past its end", n-offset)
			}
			libc.Xfree(tls, pd)
		}
		libc.Xfree(tls, ps)
	}
}

// go test -modfile bin/go.mod -run '^$' -bench Libc .
func BenchmarkLibcMemcmpEqual12KB(b *testing.B) {
	tls := libc.NewTLS()
	defer tls.Close()
	doc := bytes.Repeat([]byte(`{"status":"signed","n":1},`), 480) // about a stored agreement
	pa, pb := cBytes(b, tls, doc), cBytes(b, tls, doc)
	b.SetBytes(int64(len(doc)))
	for i := 0; i < b.N; i++ {
		libc.Xmemcmp(tls, pa, pb, uint64(len(doc)))
	}
}

func BenchmarkLibcMemcpy12KB(b *testing.B) {
	tls := libc.NewTLS()
	defer tls.Close()
	doc := bytes.Repeat([]byte(`{"status":"signed","n":1},`), 480)
	pa, pb := cBytes(b, tls, doc), cBytes(b, tls, doc)
	b.SetBytes(int64(len(doc)))
	for i := 0; i < b.N; i++ {
		libc.Xmemcpy(tls, pb, pa, uint64(len(doc)))
	}
}
