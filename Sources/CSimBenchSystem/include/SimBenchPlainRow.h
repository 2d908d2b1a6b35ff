#ifndef SIMBENCH_PLAIN_ROW_H
#define SIMBENCH_PLAIN_ROW_H

#include <stddef.h>
#include <stdint.h>

// The common row of a results file split 64 bytes at a time (SSE2, which every x86-64
// processor has), then sixteen near the end of the bytes read: a row of `width` fields,
// every byte printable ASCII (no control byte, nothing above 0x7F), a field quoted only from
// its first byte and holding no quote, ended by a line feed or CR LF. Where a row is
// anything else (a doubled quote, a tab, a carriage return inside it, a byte of a multi-byte
// character, a blank line, another number of fields), or the bytes end before the end of the
// block of sixteen that holds its line break (a file's last row, the last of the bytes read
// so far), it returns 0 and leaves the row to the byte-by-byte splitter, which decides as it
// always did: this one only ever claims a row that splitter splits the same way.
//
// For a row it claims, it returns the index past its line break, writes each field's start
// into `field_starts[0 ..< width]` and the line break's first index + 1 into
// `field_starts[width]` (as the Swift splitter does), and sets bit `i` of `non_digits` (bit
// i % 64 of word i / 64) exactly when byte `start + i` of the row is not an ASCII digit, for
// every byte before the line break (bits past it are unspecified): a numeric cell's check
// reads its bits, not its bytes. A row whose line break's block ends past
// `non_digit_words * 64` bytes is not claimed.
//
// Elsewhere than x86-64 it claims no row: the Swift splitter reads every one.
size_t simbench_split_plain_row(
    const uint8_t *text, size_t start, size_t end, size_t width, uint32_t *field_starts,
    uint64_t *non_digits, size_t non_digit_words);

// The numeric cells of a row `simbench_split_plain_row` claimed, from `columns[from]` on,
// told from its `non_digits` bits (the row starts at `row` in `text`): a cell passes that
// is empty (where its column's entry lacks SIMBENCH_NON_EMPTY) or holds digits with at most
// one point among them and at least one digit. Returns the index of the first entry whose
// cell does not pass or is not told here (64 bytes or more, or quoted), `count` where
// every cell passes: the caller checks that one byte by byte and goes on after it.
#define SIMBENCH_NON_EMPTY 0x80000000u
size_t simbench_plain_numeric_cells(
    const uint8_t *text, size_t row, const uint32_t *field_starts, const uint64_t *non_digits,
    const uint32_t *columns, size_t count, size_t from);

// Each of a row's `count` field starts less the row's start `first`, written into
// `offsets` in 16 bits: the row's offsets from its start, as the reader keeps them
// (FieldStarts), each under 65,535 by the caller's check. On every platform.
void simbench_row_offsets(
    const uint32_t *field_starts, size_t count, uint32_t first, uint16_t *offsets);

#endif
