package main

import (
	"runtime/debug"
	"testing"
	"unsafe"

	"modernc.org/memory"
)

// SQLite's malloc is modernc.org/memory's Allocator (through modernc.org/libc), built with
// patches/memory-keep-empty-page.patch: a page whose slots are all free stays mapped, one per
// size class, instead of being unmapped at once and mapped afresh by the next allocation.

const slotSize = 16 << 10 // the size class of a 12 KB document's text

// mapped reports whether the byte at p can be read (an unmapped page faults; with
// SetPanicOnFault the fault is a panic recovered here, not a crash).
func mapped(p uintptr) (ok bool) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	_ = *(*byte)(cPointer(p))
	return true
}

func TestAllocatorKeepsOneEmptyPagePerSizeClass(t *testing.T) {
	var a memory.Allocator
	defer a.Close()

	// Fill one page of the class and spill into a second one.
	var blocks []uintptr
	pageOf := func(p uintptr) uintptr { return p &^ (1<<20 - 1) }
	for len(blocks) == 0 || pageOf(blocks[len(blocks)-1]) == pageOf(blocks[0]) {
		p, err := a.UintptrMalloc(slotSize)
		if err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, p)
	}
	first, second := blocks[:len(blocks)-1], blocks[len(blocks)-1]

	for _, p := range first {
		if err := a.UintptrFree(p); err != nil {
			t.Fatal(err)
		}
	}
	if !mapped(first[0]) {
		t.Fatal("the first page to empty was unmapped; it should stay mapped for the next allocation")
	}

	if err := a.UintptrFree(second); err != nil {
		t.Fatal(err)
	}
	if mapped(second) {
		t.Fatal("a second empty page of the same size class stayed mapped; only one is kept")
	}

	// The kept page serves the next allocations, which are usable and do not overlap.
	seen := map[uintptr]bool{}
	for i := 0; i < len(first); i++ {
		p, err := a.UintptrMalloc(slotSize)
		if err != nil {
			t.Fatal(err)
		}
		if pageOf(p) != pageOf(first[0]) {
			t.Fatalf("allocation %d came from a new page while the kept one had free slots", i)
		}
		if seen[p] {
			t.Fatalf("slot %#x handed out twice", p)
		}
		seen[p] = true
		b := unsafe.Slice((*byte)(cPointer(p)), slotSize)
		for j := range b {
			b[j] = byte(i)
		}
	}
	for p := range seen {
		b := unsafe.Slice((*byte)(cPointer(p)), slotSize)
		if b[0] != b[slotSize-1] {
			t.Fatalf("slot %#x was overwritten by another allocation", p)
		}
	}

	// Emptied again after being reused, it is kept again.
	for p := range seen {
		if err := a.UintptrFree(p); err != nil {
			t.Fatal(err)
		}
	}
	if !mapped(first[0]) {
		t.Fatal("the kept page, reused and emptied again, was unmapped")
	}
}

// One statement's allocation and free of a document's text: before the patch an mmap,
// page faults on first touch and a munmap each time.
func BenchmarkAllocatorMallocFree16KB(b *testing.B) {
	var a memory.Allocator
	defer a.Close()
	for i := 0; i < b.N; i++ {
		p, err := a.UintptrMalloc(slotSize)
		if err != nil {
			b.Fatal(err)
		}
		*(*byte)(cPointer(p)) = 1
		*(*byte)(cPointer(p + slotSize - 1)) = 1
		if err := a.UintptrFree(p); err != nil {
			b.Fatal(err)
		}
	}
}
